// POST /checkout/{sessionId}/cancel — the customer cancels from the checkout page (handler: lib/api/checkout/cancel).
export { POST } from '../../../../lib/api/checkout/cancel';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
