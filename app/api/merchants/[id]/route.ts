// GET, PUT, DELETE /api/merchants/{id} — get, update, delete a merchant (handlers: lib/api/merchants).
export { GET } from '../../../../lib/api/merchants/get-merchant';
export { PUT } from '../../../../lib/api/merchants/update-merchant';
export { DELETE } from '../../../../lib/api/merchants/delete-merchant';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
