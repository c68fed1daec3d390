// POST /collect-sessions (definition: lib/api/collect-sessions/create-collect-session.ts)
export { POST } from '@/lib/api/collect-sessions/create-collect-session';
