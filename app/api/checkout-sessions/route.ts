// GET /api/checkout-sessions (definition: lib/api/checkout/list-checkout-sessions.ts)
export { GET } from '@/lib/api/checkout/list-checkout-sessions';
