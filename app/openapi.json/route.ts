// GET /openapi.json — the OpenAPI 3.1 description of the vault API (handler: lib/api/openapi).
export { GET } from '../../lib/api/openapi';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
