// GET, PUT, DELETE /api/applications/{id} (definitions: lib/api/applications/)
export { GET } from '@/lib/api/applications/get-application';
export { PUT } from '@/lib/api/applications/update-application';
export { DELETE } from '@/lib/api/applications/delete-application';
