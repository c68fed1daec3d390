// POST /api/sessions/create (definition: lib/api/checkout/create-checkout-session.ts)
export { POST } from '@/lib/api/checkout/create-checkout-session';
