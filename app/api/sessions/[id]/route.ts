// GET /api/sessions/{id} — a checkout session's status for the merchant's server (handler: lib/api/checkout/get-session).
export { GET } from '../../../../lib/api/checkout/get-session';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
