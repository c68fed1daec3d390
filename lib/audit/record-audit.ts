// Audit trail of vault operations (PCI DSS 10.2): who, what, which token, outcome, from where.
// Never card data: the row has ids, an action name and a status, nothing from the request body.
import type { AuditEntry } from '../core/audit-entry';
import type { Runtime } from '../runtime/types';

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
