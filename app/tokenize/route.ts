// POST /tokenize (definition: lib/api/tokenize.ts)
export { POST } from '../../lib/api/tokenize';
