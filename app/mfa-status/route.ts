// GET /mfa-status (definition: lib/api/auth/get-mfa-status-alias.ts)
export { GET } from '../../lib/api/auth/get-mfa-status-alias';
