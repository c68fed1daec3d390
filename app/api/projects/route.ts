// GET /api/projects — list the account's projects; POST /api/projects — create one (handlers: lib/api/projects/projects).
export { GET, POST } from '../../../lib/api/projects/projects';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
