// POST /collect-sessions/{id}/submit (definition: lib/api/collect-sessions/submit-collect-session.ts)
export { POST } from '@/lib/api/collect-sessions/submit-collect-session';
