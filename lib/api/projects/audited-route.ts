// sessionRoute for management mutations: after the handler, one audit row (action, acting user, project
// when known, outcome and status). Never the body: names and emails stay out of the log.
import { recordAudit } from '../../audit/record-audit';
import type { SessionUser } from '../../auth/sessions';
import { toVaultError } from '../../http/map-error';
import { sessionRoute, type SessionCall } from '../../http/session-route';

export type AuditedCall = SessionCall & { audit: { projectId?: string | null } };

export function auditedRoute(options: { roles: SessionUser['role'][]; action: string }, handler: (call: AuditedCall) => Promise<Response>) {
  return sessionRoute({ roles: options.roles }, async (call) => {
    const audit: AuditedCall['audit'] = {};
    const write = (statusCode: number) =>
      recordAudit(call.runtime, {
        action: options.action,
        outcome: statusCode < 400 ? 'success' : 'failure',
        statusCode,
        requestId: call.requestId,
        userId: call.user.id,
        projectId: audit.projectId,
        ip: call.ip,
      });
    try {
      const response = await handler({ ...call, audit });
      await write(response.status);
      return response;
    } catch (error) {
      await write(toVaultError(error).error.status);
      throw error;
    }
  });
}

export const MANAGERS: SessionUser['role'][] = ['owner', 'admin'];
