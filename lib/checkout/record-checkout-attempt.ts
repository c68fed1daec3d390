// Ends a claimed charge: one CheckoutAttempt row (outcome, code, transaction id, brand, last 4; never more)
// and the session's new state in one transaction. Every charge counts as an attempt. Approved → completed;
// declined or failed → the 5th such attempt, or a failure after the deadline, ends the session as `expired`.
import type { ChargeResult } from './processors/charge';
import type { Runtime } from '../runtime';
import { MAX_CHECKOUT_ATTEMPTS, type CheckoutStatus } from './checkout-rules';

export type RecordedAttempt = { status: CheckoutStatus; attempts: number };

type RecordOptions = {
  sessionId: string;
  lockId: string;
  attemptsBefore: number;
  expiresAt: Date;
  result: ChargeResult;
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
  const { prisma } = runtime.db;
  const { result, card } = options;
  const now = new Date();
  const attempts = options.attemptsBefore + 1;
  const status: CheckoutStatus =
    result.outcome === 'approved' ? 'completed' : attempts >= MAX_CHECKOUT_ATTEMPTS || options.expiresAt <= now ? 'expired' : 'open';
  const sessionUpdate = {
    where: { id: options.sessionId, chargeLockId: options.lockId },
    data: {
      status,
      attempts,
      chargeLockId: null,
      chargeLockUntil: null,
      ...(result.outcome === 'approved' ? { transactionId: result.transactionId, cardBrand: card.brand, cardLast4: card.last4, completedAt: now } : {}),
    },
  };
  const attemptRow = {
    data: {
      sessionId: options.sessionId,
      outcome: result.outcome,
      errorCode: result.outcome === 'approved' ? null : result.code,
      errorMessage: result.outcome === 'approved' ? null : result.message,
      transactionId: result.outcome === 'approved' ? result.transactionId : null,
      brand: card.brand,
      last4: card.last4,
    },
    select: { id: true },
  };
  if (options.onlyWhileClaimed) {
    return prisma.$transaction(async (tx) => {
      const { count } = await tx.checkoutSession.updateMany(sessionUpdate);
      if (count === 0) return null;
      await tx.checkoutAttempt.create(attemptRow);
      return { status, attempts };
    });
  }
  const [updated] = await prisma.$transaction([prisma.checkoutSession.updateMany(sessionUpdate), prisma.checkoutAttempt.create(attemptRow)]);
  if (updated.count === 0) {
    // Only when this claim lapsed (a charge slower than the PSP time-out plus a minute) and another took over.
    runtime.logger.error({ requestId: options.requestId, checkoutSessionId: options.sessionId, outcome: result.outcome }, 'checkout charge finished after its claim lapsed');
  }
  return { status, attempts };
}
