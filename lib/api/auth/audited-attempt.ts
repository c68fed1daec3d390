// One audit row per attempt of a signed-in user's change — management mutations, their own MFA settings —
// success or failure, with the status it got, so refused attempts leave a trace too (PCI DSS 10.2.1).
import { recordAudit } from '../../audit/record-audit';
import { toVaultError } from '../../http/map-error';
import type { SessionCall } from './session-route';

/** What the audit row names; the handler may fill in the project, application and resource as it learns them. */
export type AuditTarget = { projectId?: string | null; applicationId?: string | null; resource?: string | null };

export async function auditedAttempt(call: SessionCall, action: string, target: AuditTarget, run: () => Promise<Response>): Promise<Response> {
  let statusCode = 500;
  try {
    const response = await run();
    statusCode = response.status;
    return response;
  } catch (error) {
    statusCode = toVaultError(error).error.status;
    throw error;
  } finally {
    await recordAudit(call.runtime, {
      action,
      outcome: statusCode < 400 ? 'success' : 'failure',
      statusCode,
      requestId: call.requestId,
      accountId: call.user.accountId,
      userId: call.user.id,
      projectId: target.projectId,
      applicationId: target.applicationId,
      resource: target.resource,
      ip: call.ip,
    });
  }
}
