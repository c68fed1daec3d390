// GET, POST /api/projects (definitions: lib/api/projects/)
export { GET } from '@/lib/api/projects/list-projects';
export { POST } from '@/lib/api/projects/create-project';
