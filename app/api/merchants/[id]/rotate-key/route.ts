// POST /api/merchants/{id}/rotate-key — a new service API key; the old one lasts the grace period (handler: lib/api/merchants).
export { POST } from '../../../../../lib/api/merchants/rotate-merchant-key';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
