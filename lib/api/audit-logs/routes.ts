// The audit-logs routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { GET as exportAuditLogs } from './export-audit-logs';
import { GET as listAuditLogs } from './list-audit-logs';
import { GET as verifyAuditLogs } from './verify-audit-logs';

export const auditLogsRoutes: DefinedRoute[] = [listAuditLogs, exportAuditLogs, verifyAuditLogs];
