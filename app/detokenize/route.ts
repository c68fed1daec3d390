// POST /detokenize — reveal a token's stored fields, never a CVV (handler: lib/api/detokenize).
export { POST } from '../../lib/api/detokenize';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
