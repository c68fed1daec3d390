// The wrapper of management mutations (applications, projects, members): a live session, the owner or
// admin role, and one audit row per attempt — success or failure, refused roles included — naming the
// acting user and, once the handler knows them, the project and application. Never a body: names,
// emails and keys stay out of the audit log.
import type { SessionUser } from '../auth/sessions';
import { auditedAttempt, type AuditTarget } from './audited-attempt';
import { VaultError, messages } from './errors';
import type { RouteAuth } from './define-route';
import { error } from '../openapi/shared';
import { SESSION_SECURITY, sessionErrors, sessionRoute, type SessionCall } from './session-route';


export const MANAGER_ROLES: readonly SessionUser['role'][] = ['owner', 'admin'];

/** The resource type each action family touches; `member.*` changes a user. */
const RESOURCE_TYPES: Record<string, string> = { member: 'user', application: 'application', project: 'project', merchant: 'merchant' };

/** `type:id` of the resource an action is about: the path's `{id}` (so refused attempts name it too). */
export function auditResource(action: string, id: string | null | undefined): string | null {
  const type = RESOURCE_TYPES[action.split('.')[0] ?? ''];
  return type && id ? `${type}:${id}` : null;
}

function managedRoute(action: string, handler: (call: SessionCall, target: AuditTarget) => Promise<Response>) {
  return sessionRoute({}, async (call) => {
    // Creations have no id in the path: their handler names the new resource once it exists.
    const target: AuditTarget = { resource: auditResource(action, call.params.id) };
    return auditedAttempt(call, action, target, async () => {
      if (!MANAGER_ROLES.includes(call.user.role)) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
      return handler(call, target);
    });
  });
}

/** The handler's call of a management mutation: the session, and the audit row's target to fill in. */
export type ManagedCall = SessionCall & { target: AuditTarget };

const managerErrors = { ...sessionErrors, 403: error('`Insufficient permissions`: the signed-in user is not an owner or admin.') };

/** Auth kind `session`, owner/admin only, one audit row per attempt named `action`. */
export function managerAuth(action: string): RouteAuth<ManagedCall> {
  return { kind: 'session', security: SESSION_SECURITY, responses: managerErrors, wrap: (handler) => managedRoute(action, (call, target) => handler({ ...call, target })) };
}
