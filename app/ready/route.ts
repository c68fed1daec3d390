// GET /ready — readiness: database and store reachable (handler: lib/api/health).
export { ready as GET } from '../../lib/api/health';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
