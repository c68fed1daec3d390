// Audit rows of what an operator did from the command line (`vault user …`, `vault app create`): no user or
// application acted (user_id and application_id stay empty; the API presents the actor as `operator`, from the
// action's `_by_operator` suffix), the resource names what was acted on, and the request id says where it
// came from (`cli-…`, as the key commands write it).
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import type { Runtime } from '../runtime/types';

export type OperatorAction =
  | 'user.password_reset_by_operator'
  | 'user.mfa_reset_by_operator'
  | 'user.unlock_by_operator'
  | 'application.create_by_operator'
  | 'import_key.create_by_operator'
  | 'import_key.revoke_by_operator';

/** What the operator acted on: a user (`user:<id>`), or a resource (`application:<id>`) in a project. */
export type OperatorTarget = { id: string; accountId: string } | { accountId: string; projectId: string; resource: string };

export function recordOperatorAudit(runtime: Pick<Runtime, 'audit' | 'logger'>, action: OperatorAction, target: OperatorTarget): Promise<void> {
  const created = 'resource' in target;
  return recordAudit(runtime, {
    action,
    outcome: 'success',
    statusCode: created ? 201 : 200,
    requestId: `cli-${randomUUID()}`,
    accountId: target.accountId,
    projectId: created ? target.projectId : null,
    resource: created ? target.resource : `user:${target.id}`,
  });
}
