// GET /api/audit-logs/verify — recompute the audit hash chain; the first broken row, if any.
import { sealAuditLog, verifyAuditChain } from '../../audit/audit-chain';
import { sessionRoute } from '../../http/session-route';

export const GET = sessionRoute({ roles: ['owner', 'admin'] }, async (call) => {
  await sealAuditLog(call.runtime);
  return call.json(200, { success: true, ...(await verifyAuditChain(call.runtime)) });
});
