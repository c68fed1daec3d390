// GET /api/tokens (definition: lib/api/tokens/list-tokens.ts)
export { GET } from '@/lib/api/tokens/list-tokens';
