// POST /api/sessions/create — create a checkout session (handler: lib/api/checkout/create-session).
export { POST } from '../../../../lib/api/checkout/create-session';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
