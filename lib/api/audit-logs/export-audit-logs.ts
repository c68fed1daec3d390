// GET /api/audit-logs/export — the same rows as CSV (same filters; at most 100 000 rows).
import { sealAuditLog } from '../../audit/audit-chain';
import { auditedRead } from './audit-reads';
import { auditCsv } from '../../audit/audit-csv';
import { listAuditLogs, presentAuditRow, ZAuditLogQuerySchema } from '../../audit/list-audit-logs';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { AUDITED_READ, auditProject404 } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/audit-logs/export',
  operationId: 'exportAuditLogs',
  tags: ['Audit logs'],
  summary: 'Export audit rows as CSV',
  description: `Owner and admin only (others 403). The same filters as the listing (\`limit\` is ignored); at most 100 000 rows. A \`project_id\` of another account is 404. ${AUDITED_READ('audit.export')}`,
  auth: sessionAuth({ roles: ['owner', 'admin'] }),
  request: { query: ZAuditLogQuerySchema },
  responses: {
    200: { description: 'CSV attachment.', content: { 'text/csv': { schema: { type: 'string' } } } },
    404: auditProject404,
  },
  // Not JSON: the handler builds its Response (a CSV attachment) itself.
  handler: (call) =>
    auditedRead(call, 'audit.export', async (note) => {
      const query = call.input.query();
      note.projectId = query.project_id;
      await sealAuditLog(call.runtime);
      const { rows } = await listAuditLogs(call.runtime, { accountId: call.user.accountId, query, max: 100_000 });
      return new Response(auditCsv(rows.map(presentAuditRow)), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="audit-logs-${new Date().toISOString().slice(0, 10)}.csv"`,
          'cache-control': 'no-store',
          'x-request-id': call.requestId,
        },
      });
    }),
});
