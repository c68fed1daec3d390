// POST /checkout/{sessionId}/pay — the customer pays from the checkout page (handler: lib/api/checkout/pay).
export { POST } from '../../../../lib/api/checkout/pay';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
