// The wrapper of management mutations (applications, projects, members): a live session, the owner or
// admin role, and one audit row per attempt — success or failure, refused roles included — naming the
// acting user and, once the handler knows them, the project and application. Never a body: names,
// emails and keys stay out of the audit log.
import { recordAudit } from '../audit/record-audit';
import type { SessionUser } from '../auth/sessions';
import { VaultError, messages } from './errors';
import { toVaultError } from './map-error';
import { sessionRoute, type SessionCall } from './session-route';

export const MANAGER_ROLES: readonly SessionUser['role'][] = ['owner', 'admin'];

/** What the audit row names: filled in by the handler as it learns it. */
export type AuditTarget = { projectId?: string | null; applicationId?: string | null; resource?: string | null };

/** The resource type each action family touches; `member.*` changes a user. */
const RESOURCE_TYPES: Record<string, string> = { member: 'user', application: 'application', project: 'project', merchant: 'merchant' };

/** `type:id` of the resource an action is about: the path's `{id}` (so refused attempts name it too). */
export function auditResource(action: string, id: string | null | undefined): string | null {
  const type = RESOURCE_TYPES[action.split('.')[0] ?? ''];
  return type && id ? `${type}:${id}` : null;
}

export function managedRoute(action: string, handler: (call: SessionCall, target: AuditTarget) => Promise<Response>) {
  return sessionRoute({}, async (call) => {
    // Creations have no id in the path: their handler names the new resource once it exists.
    const target: AuditTarget = { resource: auditResource(action, call.params.id) };
    let statusCode = 500;
    try {
      if (!MANAGER_ROLES.includes(call.user.role)) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
      const response = await handler(call, target);
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
        userId: call.user.id,
        projectId: target.projectId,
        applicationId: target.applicationId,
        resource: target.resource,
        ip: call.ip,
      });
    }
  });
}
