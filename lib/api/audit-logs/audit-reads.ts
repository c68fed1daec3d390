// Reading the audit log is itself audited (PCI DSS 10.2.1): GET /api/audit-logs, /export and /verify each
// write one row — `audit.list`, `audit.export`, `audit.verify` — success or failure, with the user, the
// client address and, when the caller filtered by project, `resource` `project:<id>`. No other filter value
// is kept. The verification is also limited per account (AUDIT_VERIFY_LIMIT a minute; 429 + Retry-After).
import { VaultError, messages } from '../../core/errors';
import { toVaultError } from '../../http/map-error';
import type { SessionCall } from '../auth/session-route';
import type { Runtime } from '../../runtime/types';
import { consumeOrRetryAfter, createRateLimiter, limitersOnStore } from '../../store/rate-limiter';
import { recordAudit } from '../../audit/record-audit';

export type AuditReadAction = 'audit.list' | 'audit.export' | 'audit.verify';

/** What the handler tells the row: the project it was asked about (a UUID the query schema validated). */
export type AuditReadNote = { projectId?: string | null };

/**
 * Runs an audit-log read and writes its row: the handler's status on success, the mapped error's status on
 * failure (then rethrown for the wrapper to answer). The row is written after the read, so a listing does
 * not contain its own row. The dashboard's pages read through it too (their result carries a `status`).
 */
export async function auditedRead<T extends { status: number } = Response>(
  call: Pick<SessionCall, 'runtime' | 'requestId' | 'ip'> & { user: Pick<SessionCall['user'], 'id' | 'accountId'> },
  action: AuditReadAction,
  read: (note: AuditReadNote) => Promise<T>,
): Promise<T> {
  const note: AuditReadNote = {};
  const write = (statusCode: number) =>
    recordAudit(call.runtime, {
      action,
      outcome: statusCode < 400 ? 'success' : 'failure',
      statusCode,
      requestId: call.requestId,
      accountId: call.user.accountId,
      userId: call.user.id,
      resource: note.projectId ? `project:${note.projectId}` : null,
      ip: call.ip,
    });
  let response: T;
  try {
    response = await read(note);
  } catch (error) {
    await write(toVaultError(error).error.status);
    throw error;
  }
  await write(response.status);
  return response;
}

/** Verifications per account per window. */
export const AUDIT_VERIFY_LIMIT = 10;
export const AUDIT_VERIFY_WINDOW_SECONDS = 60;

/** One verification for this account: 429 `rate_limited` with Retry-After beyond AUDIT_VERIFY_LIMIT a minute. */
export async function limitAuditVerify(runtime: Pick<Runtime, 'store'>, accountId: string): Promise<void> {
  const limiter = limitersOnStore(runtime.store, 'audit-verify', () =>
    createRateLimiter(runtime.store, { name: 'audit-verify', points: AUDIT_VERIFY_LIMIT, durationSeconds: AUDIT_VERIFY_WINDOW_SECONDS }),
  );
  const retryAfter = await consumeOrRetryAfter(limiter, accountId);
  if (retryAfter !== null) throw Object.assign(new VaultError('rate_limited', messages.tooManyRequests), { retryAfterSeconds: retryAfter });
}
