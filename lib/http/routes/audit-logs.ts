// Management API routes: the audit log (list, CSV export, chain verification).
import { GET as exportAuditLogs } from '../../api/audit-logs/export';
import { GET as listAuditLogs } from '../../api/audit-logs/list';
import { GET as verifyAuditLogs } from '../../api/audit-logs/verify';
import type { Route } from './types';

export const auditLogsRoutes: Route[] = [
  { pattern: /^\/api\/audit-logs$/, params: [], methods: { GET: listAuditLogs } },
  { pattern: /^\/api\/audit-logs\/export$/, params: [], methods: { GET: exportAuditLogs } },
  { pattern: /^\/api\/audit-logs\/verify$/, params: [], methods: { GET: verifyAuditLogs } },
];
