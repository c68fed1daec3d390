// GET, POST /api/merchants — list the account's merchants; create one (handlers: lib/api/merchants).
export { GET } from '../../../lib/api/merchants/list-merchants';
export { POST } from '../../../lib/api/merchants/create-merchant';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
