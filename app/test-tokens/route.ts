// POST /test-tokens (definition: lib/api/test-tokens.ts)
export { POST } from '../../lib/api/test-tokens';
