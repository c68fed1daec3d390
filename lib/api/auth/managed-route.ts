// The wrapper of management mutations (applications, projects, members, merchants, the account): a live
// session (cookie-authenticated calls only from the app's own origin, members of an account that requires
// MFA only once enrolled: sessionRoute), the owner or admin role (the owner alone for the account's own
// settings), and one audit row per attempt — success or failure, refused roles included — naming the
// acting user and, once the handler knows them, the project and application. Never a body: names,
// emails and keys stay out of the audit log.
import { assertMfaVerified } from '../../auth/assert-mfa-verified';
import type { SessionUser } from '../../auth/sessions';
import { auditedAttempt, type AuditTarget } from './audited-attempt';
import { VaultError, messages } from '../../core/errors';
import type { RouteAuth } from '../../http/define-route';
import { CROSS_SITE_REFUSAL, MFA_ENROLMENT_REFUSAL, SESSION_SECURITY, refusals, sessionErrors, sessionRoute, type SessionCall } from './session-route';


export const MANAGER_ROLES: readonly SessionUser['role'][] = ['owner', 'admin'];

/** The resource type each action family touches; `member.*` changes a user. */
const RESOURCE_TYPES: Record<string, string> = { member: 'user', application: 'application', project: 'project', merchant: 'merchant', account: 'account', webhook_endpoint: 'webhook_endpoint', event: 'event', import_key: 'import_key', import: 'import' };

/** `type:id` of the resource an action is about: the path's `{id}` (so refused attempts name it too). */
export function auditResource(action: string, id: string | null | undefined): string | null {
  const type = RESOURCE_TYPES[action.split('.')[0] ?? ''];
  return type && id ? `${type}:${id}` : null;
}

/** Why an action that needs an MFA-verified session is refused to a user without MFA. */
export const MFA_REQUIRED_REFUSAL = `\`mfa_required\` (\`${messages.mfaRequired}\`): the signed-in user has not turned MFA on, so their session was not verified with a second factor.`;

function managedRoute(action: string, roles: readonly SessionUser['role'][], handler: (call: SessionCall, target: AuditTarget) => Promise<Response>, mfaVerified = false) {
  return sessionRoute({}, async (call) => {
    // Creations have no id in the path: their handler names the new resource once it exists. The account's
    // own settings are the caller's account.
    const id = action.startsWith('account.') ? call.user.accountId : call.params.id;
    const target: AuditTarget = { resource: auditResource(action, id) };
    return auditedAttempt(call, action, target, async () => {
      if (!roles.includes(call.user.role)) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
      if (mfaVerified) assertMfaVerified(call.user);
      return handler(call, target);
    });
  });
}

/** The handler's call of a management mutation: the session, and the audit row's target to fill in. */
export type ManagedCall = SessionCall & { target: AuditTarget };

/**
 * Auth kind `session`, owner/admin only (or `roles`), one audit row per attempt named `action`; with
 * `mfaVerified`, also 403 `mfa_required` for a user without MFA (issue 26: import keys, exports).
 */
export function managerAuth(action: string, options: { roles?: readonly SessionUser['role'][]; mfaVerified?: boolean } = {}): RouteAuth<ManagedCall> {
  const roles = options.roles ?? MANAGER_ROLES;
  const who = roles.length === 1 ? `an ${roles[0]}` : `an ${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`;
  const reasons = [`\`Insufficient permissions\`: the signed-in user is not ${who}.`, ...(options.mfaVerified ? [MFA_REQUIRED_REFUSAL] : []), MFA_ENROLMENT_REFUSAL, CROSS_SITE_REFUSAL];
  const responses = { ...sessionErrors, 403: refusals(...reasons) };
  return { kind: 'session', security: SESSION_SECURITY, responses, wrap: (handler) => managedRoute(action, roles, (call, target) => handler({ ...call, target }), options.mfaVerified) };
}
