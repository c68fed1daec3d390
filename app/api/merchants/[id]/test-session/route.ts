// POST /api/merchants/{id}/test-session (definition: lib/api/merchants/create-test-session.ts)
export { POST } from '@/lib/api/merchants/create-test-session';
