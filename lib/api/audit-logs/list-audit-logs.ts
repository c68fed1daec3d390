// GET /api/audit-logs — the account's audit rows, filtered, newest first, cursor-paginated.
import { sealAuditLog } from '../../audit/audit-chain';
import { auditedRead } from './audit-reads';
import { listAuditLogs, presentAuditRow, ZAuditLogQuerySchema } from '../../audit/list-audit-logs';
import { ZAuditLogView } from '../../audit/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, ok, pageResponse } from '../../core/openapi-shapes';
import { AUDITED_READ, auditProject404 } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/audit-logs',
  operationId: 'listAuditLogs',
  tags: ['Audit logs'],
  summary: 'List the account\'s audit rows',
  description: `${ANY_ROLE} The rows of the account's projects and users, filtered, newest first (by \`created_at\`, then the order written), cursor-paginated (default 50, at most 100 per page). A \`project_id\` of another account is 404. ${AUDITED_READ('audit.list')}`,
  auth: sessionAuth(),
  request: { query: ZAuditLogQuerySchema },
  responses: { 200: ok('A page of audit rows.', pageResponse('AuditLogPage', ZAuditLogView)), 404: auditProject404 },
  handler: (call) =>
    auditedRead(call, 'audit.list', async (note) => {
      const query = call.input.query();
      note.projectId = query.project_id;
      await sealAuditLog(call.runtime);
      const { rows, nextCursor } = await listAuditLogs(call.runtime, { accountId: call.user.accountId, query });
      return call.json(200, { success: true, data: rows.map(presentAuditRow), next_cursor: nextCursor });
    }),
});
