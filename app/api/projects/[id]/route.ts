// GET, PUT, DELETE /api/projects/{id} (definitions: lib/api/projects/)
export { GET } from '@/lib/api/projects/get-project';
export { PUT } from '@/lib/api/projects/update-project';
export { DELETE } from '@/lib/api/projects/delete-project';
