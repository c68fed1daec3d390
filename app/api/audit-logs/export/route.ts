// GET /api/audit-logs/export (definition: lib/api/audit-logs/export-audit-logs.ts)
export { GET } from '@/lib/api/audit-logs/export-audit-logs';
