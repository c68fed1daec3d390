// GET /ready (definition: lib/api/ready.ts)
export { GET } from '../../lib/api/ready';
