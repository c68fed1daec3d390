// GET|PUT|DELETE /api/projects/{id} — project details, rename / pub key rotation, deletion (handlers: lib/api/projects/project).
export { GET, PUT, DELETE } from '../../../../lib/api/projects/project';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
