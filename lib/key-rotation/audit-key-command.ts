// The audit row of a key command run by the operator (CLI): no user, a `cli-…` request id.
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import type { Runtime } from '../runtime/types';

export function auditKeyCommand(
  runtime: Pick<Runtime, 'audit' | 'logger'>,
  entry: { action: string; accountId: string | null; projectId?: string; resource: string },
): Promise<void> {
  return recordAudit(runtime, { ...entry, outcome: 'success', statusCode: 200, requestId: `cli-${randomUUID()}` });
}
