// PATCH /tokens/{token} (definition: lib/api/tokens/update-token-by-key.ts)
export { PATCH } from '@/lib/api/tokens/update-token-by-key';
