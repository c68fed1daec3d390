// POST /test-tokens — a test card token with a reusable CVC session (handler: lib/api/test-tokens).
export { POST } from '../../lib/api/test-tokens';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
