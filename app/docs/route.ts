// GET /docs (definition: lib/api/docs.ts)
export { GET } from '../../lib/api/docs';
