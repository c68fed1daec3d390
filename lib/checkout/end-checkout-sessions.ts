// Ends open checkout sessions as `expired` or `cancelled` and writes each one's event in the same
// transaction (outbox): one conditional UPDATE decides, so a session is ended, and its event written,
// exactly once however many requests, nodes or sweepers race for it; a session the condition no longer
// matches (paid, cancelled, claimed by a live charge meanwhile) gets neither. The event is built from the
// row as the UPDATE returns it, not from an earlier read.
import type { SqlClient } from '../db/connect';
import { checkoutSessionEvent, type CheckoutEventSession } from '../events/checkout-event-data';
import { recordEvent } from '../events/record-event';

const ENDINGS = {
  expired: { status: `'expired'`, event: 'checkout.session.expired' },
  cancelled: { status: `'cancelled'`, event: 'checkout.session.cancelled' },
} as const;

// The card of the session's last attempt (an ended session was never completed, so it is not stored on the
// session row); checkout_attempts' (session_id, created_at) index finds it.
const lastAttempt = (column: string) =>
  `(SELECT attempt.${column} FROM checkout_attempts attempt WHERE attempt.session_id = checkout_sessions.id ORDER BY attempt.created_at DESC, attempt.id DESC LIMIT 1)`;
const RETURNED = `id, project_id AS "projectId", merchant_id AS "merchantId", mode::text AS mode, amount, currency, status::text AS status, attempts,
  transaction_id AS "transactionId", ${lastAttempt('brand')} AS "cardBrand", ${lastAttempt('last4')} AS "cardLast4", token, test_mode AS "testMode"`;

/**
 * `condition` (SQL with `values` as $1…) narrows the open sessions to end; the charge claim is cleared with
 * the status. Runs on `sql`, the caller's transaction. Returns the sessions ended.
 */
export async function endCheckoutSessions(
  sql: Pick<SqlClient, 'query'>,
  ending: keyof typeof ENDINGS,
  condition: string,
  values: unknown[],
): Promise<CheckoutEventSession[]> {
  const { status, event } = ENDINGS[ending];
  const ended = await sql.query<CheckoutEventSession>(
    `UPDATE checkout_sessions SET status = ${status}, charge_lock_id = NULL, charge_lock_until = NULL
     WHERE status = 'open' AND ${condition} RETURNING ${RETURNED}`,
    values,
  );
  for (const session of ended) await recordEvent(sql, checkoutSessionEvent(event, session));
  return ended;
}

/** A charge claim that is absent or lapsed at $n: only then may a session be ended under it. */
export const NO_LIVE_CLAIM = (now: string) => `(charge_lock_id IS NULL OR charge_lock_until < ${now})`;
