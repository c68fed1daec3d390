// GET /api/audit-logs/export — the audit rows as CSV (handler: lib/api/audit-logs/export).
export { GET } from '../../../../lib/api/audit-logs/export';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
