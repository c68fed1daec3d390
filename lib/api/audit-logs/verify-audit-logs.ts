// GET /api/audit-logs/verify — recompute the audit hash chain; the first broken row, if any.
import { sealAuditLog, verifyAuditChain } from '../../audit/audit-chain';
import { ZAuditVerifyResponse } from '../../audit/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../../http/session-route';
import { ok } from '../../openapi/shared';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/audit-logs/verify',
  operationId: 'verifyAuditLogs',
  tags: ['Audit logs'],
  summary: 'Verify the audit hash chain',
  description:
    'Owner and admin only (others 403). Recomputes the hash chain; `first_broken_id` names the first row that does not match. There is one chain for the whole installation, so `checked` counts every account\'s rows and the broken row may belong to another account (only its id is shown).',
  auth: sessionAuth({ roles: ['owner', 'admin'] }),
  responses: { 200: ok('Verification result.', ZAuditVerifyResponse) },
  handler: async (call) => {
    await sealAuditLog(call.runtime);
    const { valid, checked, first_broken_id } = await verifyAuditChain(call.runtime);
    return call.json(200, { success: true, valid, checked, first_broken_id });
  },
});
