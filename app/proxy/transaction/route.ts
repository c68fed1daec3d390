// POST /proxy/transaction — forward a request to a PSP with token data injected (handler: lib/api/proxy-transaction).
export { POST } from '../../../lib/api/proxy-transaction';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
