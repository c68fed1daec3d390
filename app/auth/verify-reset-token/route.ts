// GET /auth/verify-reset-token (definition: lib/api/auth/verify-reset-token.ts)
export { GET } from '../../../lib/api/auth/verify-reset-token';
