// Audit trail of vault operations (PCI DSS 10.2): who, what, which token, outcome, from where.
// Never card data: the row has ids, an action name and a status, nothing from the request body.
import type { Runtime } from '../runtime';

export type AuditEntry = {
  action: string;
  outcome: 'success' | 'failure';
  statusCode: number;
  requestId: string;
  /**
   * The account the row belongs to, so it stays listed for that account after its project or member is
   * deleted. Required (null only when the call never got to an account: an unknown email, an invalid key).
   */
  accountId: string | null;
  projectId?: string | null;
  applicationId?: string | null;
  userId?: string | null;
  tokenId?: string | null;
  /** The affected resource as `type:id` (PCI DSS 10.2.2), when the action touched one. */
  resource?: string | null;
  ip?: string | null;
};

/**
 * Actions ending so are an operator's, done with the `vault` command line (lib/auth/operator-audit.ts): no
 * user or application acted, and the row's actor is presented as `operator`.
 */
export const OPERATOR_ACTION_SUFFIX = '_by_operator';

export async function recordAudit(runtime: Pick<Runtime, 'audit' | 'logger'>, entry: AuditEntry): Promise<void> {
  try {
    await runtime.audit.write(entry);
  } catch (error) {
    // The operation already happened: losing the row is reported loudly, never hidden.
    runtime.logger.error({ err: error, action: entry.action, requestId: entry.requestId }, 'audit write failed');
  }
}
