// GET /api/applications/key — verify an API key and list its permissions (handler: lib/api/verify-key).
export { GET } from '../../../../lib/api/verify-key';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
