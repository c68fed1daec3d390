// One audit row per attempt of a signed-in user's change — management mutations, their own MFA settings —
// success or failure, with the status it got, so refused attempts leave a trace too (PCI DSS 10.2.1). The
// row is written by the envelope every auth kind shares (./audit-envelope.ts).
import { auditedResponse, outcomeOf } from './audit-envelope';
import type { SessionCall } from './session-route';

/** What the audit row names; the handler may fill in the project, application and resource as it learns them. */
export type AuditTarget = { projectId?: string | null; applicationId?: string | null; resource?: string | null };

export function auditedAttempt(call: SessionCall, action: string, target: AuditTarget, run: () => Promise<Response>): Promise<Response> {
  return auditedResponse(
    {
      requestId: call.requestId,
      action,
      runtime: () => call.runtime,
      auditRow: (response) => ({
        action,
        outcome: outcomeOf(response),
        statusCode: response.status,
        requestId: call.requestId,
        accountId: call.user.accountId,
        userId: call.user.id,
        projectId: target.projectId,
        applicationId: target.applicationId,
        resource: target.resource,
        ip: call.ip,
      }),
    },
    run,
  );
}
