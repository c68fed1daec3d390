// GET /api/audit-logs (definition: lib/api/audit-logs/list-audit-logs.ts)
export { GET } from '@/lib/api/audit-logs/list-audit-logs';
