// GET /openapi.json (definition: lib/api/openapi.ts)
export { GET } from '../../lib/api/openapi';
