// POST /tokens/search (definition: lib/api/tokens/search-tokens-by-key.ts)
export { POST } from '@/lib/api/tokens/search-tokens-by-key';
