// GET /api/audit-logs/verify (definition: lib/api/audit-logs/verify-audit-logs.ts)
export { GET } from '@/lib/api/audit-logs/verify-audit-logs';
