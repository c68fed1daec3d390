// GET /api/audit-logs — the account's audit rows (handler: lib/api/audit-logs/list).
export { GET } from '../../../lib/api/audit-logs/list';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
