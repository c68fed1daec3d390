// GET /api/audit-logs — the account's audit rows, filtered, newest first, cursor-paginated.
import { sealAuditLog } from '../../audit/audit-chain';
import { listAuditLogs, presentAuditRow, ZAuditLogQuerySchema } from '../../audit/list-audit-logs';
import { sessionRoute } from '../../http/session-route';

export const GET = sessionRoute({}, async (call) => {
  const query = ZAuditLogQuerySchema.parse(Object.fromEntries(new URL(call.request.url).searchParams));
  await sealAuditLog(call.runtime);
  const { rows, nextCursor } = await listAuditLogs(call.runtime, { accountId: call.user.accountId, query });
  return call.json(200, { success: true, data: rows.map(presentAuditRow), next_cursor: nextCursor });
});
