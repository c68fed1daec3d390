// The one envelope of every auth kind: run the call, turn a thrown error into its error response (an
// unexpected one is logged, never shown), then write the attempt's audit row from the outcome, success or
// failure (PCI DSS 10.2.1). The kinds differ only in what they put into the row and in how a few errors
// look (checkout's extra fields), so those are the envelope's options.
import { recordAudit } from '../../audit/record-audit';
import type { AuditEntry } from '../../core/audit-entry';
import type { VaultError } from '../../core/errors';
import { logUnexpected } from '../../http/log-unexpected';
import { toVaultError } from '../../http/map-error';
import { errorResponse } from '../../http/respond';
import type { Runtime } from '../../runtime/types';

export type AuditEnvelope = {
  requestId: string;
  /** The audit action, also named in the log line of an unexpected error. */
  action?: string;
  /** The runtime once it is up: without one there is nothing to write the row to. */
  runtime(): Runtime | undefined;
  /** A kind's own error body; the standard envelope otherwise. */
  errorResponse?(error: unknown, mapped: VaultError): Response | undefined;
  /** Runs on the outcome before it is audited (an Idempotency-Key claim keeps the answer). */
  settle?(response: Response): Promise<Response>;
  /** The row for this outcome, or null when there is none to write (the handler wrote it with its own). */
  auditRow(response: Response): AuditEntry | null | Promise<AuditEntry | null>;
};

/** `success` below 400, `failure` from 400 on. */
export const outcomeOf = (response: Response): AuditEntry['outcome'] => (response.status < 400 ? 'success' : 'failure');

export async function auditedResponse(envelope: AuditEnvelope, run: () => Promise<Response>): Promise<Response> {
  const startedAt = performance.now();
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    const mapped = toVaultError(error);
    if (mapped.unexpected) logUnexpected(envelope.runtime(), error, { requestId: envelope.requestId, ...(envelope.action ? { action: envelope.action } : {}) });
    response = envelope.errorResponse?.(error, mapped.error) ?? errorResponse(mapped.error, envelope.requestId);
  }
  if (envelope.settle) response = await envelope.settle(response);
  const runtime = envelope.runtime();
  const row = runtime ? await envelope.auditRow(response) : null;
  if (runtime && row) {
    const writing = recordAudit(runtime, row);
    // A 503 (the database or the store not answering) is not held for its row past the request's budget,
    // DATABASE_QUERY_TIMEOUT_MS from its start: the row still gets its own attempt, logged if it fails, but
    // the caller learns of the outage in bounded time. Every other answer leaves once its row is written.
    if (response.status === 503) await withinBudget(writing, startedAt + runtime.config.DATABASE_QUERY_TIMEOUT_MS - performance.now());
    else await writing;
  }
  return response;
}

/** `work`, or nothing more once `ms` have passed (it goes on). */
async function withinBudget(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, ms));
    timer.unref();
  });
  await Promise.race([work, budget]);
  clearTimeout(timer);
}
