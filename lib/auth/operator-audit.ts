// Audit rows of what an operator did from the command line (`vault user …`): no user acted (user_id stays
// empty; the API presents the actor as `operator`, from the action's `_by_operator` suffix), the resource
// names the user acted on, and the request id says where it came from (`cli-…`, as the key commands write it).
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import type { Runtime } from '../runtime';

export type OperatorAction = 'user.password_reset_by_operator' | 'user.mfa_reset_by_operator' | 'user.unlock_by_operator';

export function recordOperatorAudit(runtime: Pick<Runtime, 'audit' | 'logger'>, action: OperatorAction, user: { id: string; accountId: string }): Promise<void> {
  return recordAudit(runtime, {
    action,
    outcome: 'success',
    statusCode: 200,
    requestId: `cli-${randomUUID()}`,
    accountId: user.accountId,
    resource: `user:${user.id}`,
  });
}
