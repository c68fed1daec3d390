// GET /api/audit-logs/verify — verify the audit hash chain (handler: lib/api/audit-logs/verify).
export { GET } from '../../../../lib/api/audit-logs/verify';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
