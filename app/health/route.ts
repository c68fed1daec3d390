// GET /health — liveness: the process is up (handler: lib/api/health).
export { health as GET } from '../../lib/api/health';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
