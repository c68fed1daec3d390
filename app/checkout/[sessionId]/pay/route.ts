// POST /checkout/{sessionId}/pay (definition: lib/api/checkout/pay-checkout-session.ts)
export { POST } from '@/lib/api/checkout/pay-checkout-session';
