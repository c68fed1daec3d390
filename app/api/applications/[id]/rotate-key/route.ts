// POST /api/applications/{id}/rotate-key — a new API key; the old one lasts the grace period (handler: lib/api/applications).
export { POST } from '../../../../../lib/api/applications/rotate-application-key';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
