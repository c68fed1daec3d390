// GET /metrics (definition: lib/api/metrics.ts)
export { GET } from '../../lib/api/metrics';
