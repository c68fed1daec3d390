// The in-flight charge marker: one conditional UPDATE claims an open, unexpired session that has attempts
// left and no live claim, so of two concurrent Pay clicks exactly one charges; the other is told a payment
// is in progress (or, once the first has finished, that the session is paid). A claim lasts the PSP
// time-out plus a minute; a node that dies mid-charge leaves a claim that lapses and can be taken over.
import { randomUUID } from 'node:crypto';
import type { Runtime } from '../runtime/types';
import { checkoutStateError } from './checkout-state-error';
import { MAX_CHECKOUT_ATTEMPTS } from './checkout-rules';
import { getCheckoutSession } from './get-checkout-session';

const CLAIM_MARGIN_MS = 60_000;

export async function claimCheckoutCharge(runtime: Pick<Runtime, 'db' | 'config' | 'store' | 'keyring' | 'logger'>, sessionId: string): Promise<{ lockId: string; attempts: number }> {
  const { prisma } = runtime.db;
  const now = new Date();
  const lockId = randomUUID();
  const { count } = await prisma.checkoutSession.updateMany({
    where: {
      id: sessionId,
      status: 'open',
      expiresAt: { gt: now },
      attempts: { lt: MAX_CHECKOUT_ATTEMPTS },
      OR: [{ chargeLockId: null }, { chargeLockUntil: { lt: now } }],
    },
    data: { chargeLockId: lockId, chargeLockUntil: new Date(now.getTime() + runtime.config.PROXY_TIMEOUT_MS + CLAIM_MARGIN_MS) },
  });
  if (count === 1) {
    const { attempts } = await prisma.checkoutSession.findUniqueOrThrow({ where: { id: sessionId }, select: { attempts: true } });
    return { lockId, attempts };
  }
  throw checkoutStateError(await getCheckoutSession(runtime, sessionId));
}

/** Gives a claim back without an attempt (nothing was sent to the processor). */
export async function releaseCheckoutCharge(runtime: Pick<Runtime, 'db'>, sessionId: string, lockId: string): Promise<void> {
  await runtime.db.prisma.checkoutSession.updateMany({ where: { id: sessionId, chargeLockId: lockId }, data: { chargeLockId: null, chargeLockUntil: null } });
}
