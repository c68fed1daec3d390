// GET /api/usage (definition: lib/api/usage/get-usage.ts)
export { GET } from '@/lib/api/usage/get-usage';
