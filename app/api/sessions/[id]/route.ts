// GET /api/sessions/{id} (definition: lib/api/checkout/get-checkout-session.ts)
export { GET } from '@/lib/api/checkout/get-checkout-session';
