// Ends a claimed charge: one CheckoutAttempt row (outcome, code, transaction id, brand, last 4; never more)
// and the session's new state in one transaction. Every charge counts as an attempt. Approved → completed;
// declined or failed → the 5th such attempt, or a failure after the deadline, ends the session as `expired`.
// The events go in the same transaction (outbox), only when the claim's UPDATE matched (the session changed):
// `checkout.session.completed` for an approval; `checkout.payment.failed` for a decline or failure, followed
// by `checkout.session.expired` when that failure ended the session. A setup session's saved card is
// recorded the same way as an approval without a transaction id, carrying the token it made.
import type { ChargeResult } from './processors/charge';
import type { Runtime } from '../runtime/types';
import { checkoutPaymentFailedEvent, checkoutSessionEvent, type CheckoutEventSession } from '../events/checkout-event-data';
import { prismaSql } from '../events/prisma-sql';
import { recordEvent } from '../events/record-event';
import { MAX_CHECKOUT_ATTEMPTS, type CheckoutStatus } from './checkout-rules';

export type RecordedAttempt = { status: CheckoutStatus; attempts: number };

/** Setup mode: the card was saved as `token`; no processor was called. */
export type SavedCardResult = { outcome: 'approved'; transactionId: null; token: string };
export type AttemptResult = ChargeResult | SavedCardResult;

/** The session as its events describe it (merchant, mode, amount, currency, test mode) and its deadline. */
export type AttemptSession = Pick<CheckoutEventSession, 'id' | 'projectId' | 'merchantId' | 'mode' | 'amount' | 'currency' | 'testMode'> & { expiresAt: Date };

type RecordOptions = {
  session: AttemptSession;
  lockId: string;
  attemptsBefore: number;
  result: AttemptResult;
  card: { brand: string | null; last4: string };
  requestId: string;
};

/**
 * `onlyWhileClaimed`: write the attempt only if the claim is still on the session, in the same transaction
 * (null otherwise): a kept answer settled by several readers at once (lib/checkout/pending-charge.ts) is
 * recorded exactly once.
 */
export async function recordCheckoutAttempt(runtime: Pick<Runtime, 'db' | 'logger'>, options: RecordOptions & { onlyWhileClaimed: true }): Promise<RecordedAttempt | null>;
export async function recordCheckoutAttempt(runtime: Pick<Runtime, 'db' | 'logger'>, options: RecordOptions & { onlyWhileClaimed?: false }): Promise<RecordedAttempt>;
export async function recordCheckoutAttempt(
  runtime: Pick<Runtime, 'db' | 'logger'>,
  options: RecordOptions & { onlyWhileClaimed?: boolean },
): Promise<RecordedAttempt | null> {
  const { result, card, session } = options;
  const now = new Date();
  const attempts = options.attemptsBefore + 1;
  const status: CheckoutStatus =
    result.outcome === 'approved' ? 'completed' : attempts >= MAX_CHECKOUT_ATTEMPTS || session.expiresAt <= now ? 'expired' : 'open';
  const approval =
    result.outcome === 'approved' ? { transactionId: result.transactionId, cardBrand: card.brand, cardLast4: card.last4, token: 'token' in result ? result.token : null } : null;
  const updated = await runtime.db.prisma.$transaction(async (tx) => {
    const { count } = await tx.checkoutSession.updateMany({
      where: { id: session.id, chargeLockId: options.lockId },
      data: { status, attempts, chargeLockId: null, chargeLockUntil: null, ...(approval ? { ...approval, completedAt: now } : {}) },
    });
    if (count === 0 && options.onlyWhileClaimed) return false;
    await tx.checkoutAttempt.create({
      data: {
        sessionId: session.id,
        outcome: result.outcome,
        errorCode: result.outcome === 'approved' ? null : result.code,
        errorMessage: result.outcome === 'approved' ? null : result.message,
        transactionId: approval?.transactionId ?? null,
        brand: card.brand,
        last4: card.last4,
      },
      select: { id: true },
    });
    // A lapsed claim (count 0) changed no session: its attempt is kept, but no event reports a change.
    if (count === 0) return false;
    const sql = prismaSql(tx);
    // This attempt is now the session's last: its card is the one the events name.
    const after: CheckoutEventSession = {
      ...session,
      status,
      attempts,
      transactionId: approval?.transactionId ?? null,
      cardBrand: card.brand,
      cardLast4: card.last4,
      token: approval?.token ?? null,
    };
    if (result.outcome === 'approved') {
      await recordEvent(sql, checkoutSessionEvent('checkout.session.completed', after));
      return true;
    }
    await recordEvent(sql, checkoutPaymentFailedEvent(after, { errorCode: result.code, errorMessage: result.message }));
    if (status === 'expired') await recordEvent(sql, checkoutSessionEvent('checkout.session.expired', after));
    return true;
  });
  if (options.onlyWhileClaimed) return updated ? { status, attempts } : null;
  if (!updated) {
    // Only when this claim lapsed (a charge slower than the PSP time-out plus a minute) and another took over.
    runtime.logger.error({ requestId: options.requestId, checkoutSessionId: session.id, outcome: result.outcome }, 'checkout charge finished after its claim lapsed');
  }
  return { status, attempts };
}
