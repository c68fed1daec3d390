// POST /tokenize — vault card or bank data, return a token (handler: lib/api/tokenize).
export { POST } from '../../lib/api/tokenize';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
