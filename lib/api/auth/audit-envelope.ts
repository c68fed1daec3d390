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
  if (runtime && row) await recordAudit(runtime, row);
  return response;
}
