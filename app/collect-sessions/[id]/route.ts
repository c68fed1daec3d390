// GET /collect-sessions/{id} (definition: lib/api/collect-sessions/get-collect-session.ts)
export { GET } from '@/lib/api/collect-sessions/get-collect-session';
