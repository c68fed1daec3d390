// GET, POST /api/applications — list the account's applications; create one (handlers: lib/api/applications).
export { GET } from '../../../lib/api/applications/list-applications';
export { POST } from '../../../lib/api/applications/create-application';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
