// GET /api/applications/key (definition: lib/api/verify-key.ts)
export { GET } from '@/lib/api/verify-key';
