// POST /detokenize (definition: lib/api/detokenize.ts)
export { POST } from '../../lib/api/detokenize';
