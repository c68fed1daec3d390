// POST /api/tokens/search (definition: lib/api/tokens/search-tokens.ts)
export { POST } from '@/lib/api/tokens/search-tokens';
