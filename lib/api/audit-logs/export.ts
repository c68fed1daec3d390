// GET /api/audit-logs/export — the same rows as CSV (same filters; at most 100 000 rows).
import { sealAuditLog } from '../../audit/audit-chain';
import { auditCsv } from '../../audit/audit-csv';
import { listAuditLogs, presentAuditRow, ZAuditLogQuerySchema } from '../../audit/list-audit-logs';
import { sessionRoute } from '../../http/session-route';

export const GET = sessionRoute({ roles: ['owner', 'admin'] }, async (call) => {
  const query = ZAuditLogQuerySchema.parse(Object.fromEntries(new URL(call.request.url).searchParams));
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
});
