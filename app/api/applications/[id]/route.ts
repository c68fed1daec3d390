// GET, PUT, DELETE /api/applications/{id} — get, update, delete an application (handlers: lib/api/applications).
export { GET } from '../../../../lib/api/applications/get-application';
export { PUT } from '../../../../lib/api/applications/update-application';
export { DELETE } from '../../../../lib/api/applications/delete-application';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
