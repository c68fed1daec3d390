// GET /openapi.json (definition: lib/api/openapi.ts, made in lib/api/routes.ts from the list it describes)
export { openApiDocument as GET } from '../../lib/api/routes';
