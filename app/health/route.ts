// GET /health (definition: lib/api/health.ts)
export { GET } from '../../lib/api/health';
