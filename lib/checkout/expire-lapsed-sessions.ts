// The expiry sweeper: open sessions past their deadline become `expired`, each with its
// `checkout.session.expired` event, even when nobody loads them (the lazy expiry of
// ./get-checkout-session.ts only sees sessions someone reads). A session whose charge claim is still live
// stays open: that charge's outcome decides (./record-checkout-attempt.ts). Bounded batches, each one
// transaction; FOR UPDATE SKIP LOCKED lets sweepers on several nodes share the work instead of queueing
// on the same rows, and the conditional UPDATE still decides, so each session is expired exactly once.
import type { Database } from '../db/connect';
import { endCheckoutSessions, NO_LIVE_CLAIM } from './end-checkout-sessions';

export const EXPIRY_BATCH = 500;

const LAPSED = `expires_at <= $1::timestamptz AND ${NO_LIVE_CLAIM('$1::timestamptz')}`;
// The partial index checkout_sessions_open_expires_at_idx serves the inner scan (open sessions by deadline).
const CONDITION = `${LAPSED} AND id IN (
  SELECT id FROM checkout_sessions WHERE status = 'open' AND ${LAPSED} ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED
)`;

/** Expires every lapsed open session as of `now`; returns how many this call expired. */
export async function expireLapsedSessions(db: Pick<Database, 'sql'>, options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? EXPIRY_BATCH;
  let expired = 0;
  for (;;) {
    const ended = await db.sql.transaction((tx) => endCheckoutSessions(tx, 'expired', CONDITION, [now, batchSize]));
    expired += ended.length;
    if (ended.length < batchSize) return expired;
  }
}
