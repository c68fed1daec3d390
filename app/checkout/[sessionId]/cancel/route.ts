// POST /checkout/{sessionId}/cancel (definition: lib/api/checkout/cancel-checkout-session.ts)
export { POST } from '@/lib/api/checkout/cancel-checkout-session';
