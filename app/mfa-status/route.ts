// GET /mfa-status (definition: lib/api/auth-endpoints/get-mfa-status-alias.ts)
export { GET } from '../../lib/api/auth-endpoints/get-mfa-status-alias';
