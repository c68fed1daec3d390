// GET, POST /api/applications (definitions: lib/api/applications/)
export { GET } from '@/lib/api/applications/list-applications';
export { POST } from '@/lib/api/applications/create-application';
