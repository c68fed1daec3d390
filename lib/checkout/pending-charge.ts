// A charge the processor has answered but the database has not recorded yet. The PSP's answer (outcome,
// transaction id or decline code, brand, last 4, the token it used; never card data) is kept in the store,
// sealed and bound to its session, from the moment the PSP answers until the attempt row is written. If that
// write fails, the answer is marked `unrecorded` and the claim on the session stays held (if the node dies
// instead, the claim lapses); then the next reader of the session (a retried Pay, Cancel, the page, the
// merchant's GET) records the kept outcome under that claim instead of charging again: an approved charge
// completes the session with its first transaction id, and a decline still counts as an attempt. A claim
// whose Pay is still running (answer kept, not yet recorded, claim live) is left to that Pay. A session is
// never charged twice for one claim.
import { open, seal } from '../crypto/aead';
import type { Runtime } from '../runtime/types';
import type { ChargeResult } from './processors/charge';
import { recordCheckoutAttempt, type AttemptSession, type RecordedAttempt } from './record-checkout-attempt';

/** How long a processor's answer is kept for recording (a week: sessions live at most a day). */
export const PENDING_CHARGE_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * How long the claim of an unrecorded answer is held (a day). Shorter than the answer is kept: should even
 * marking it `unrecorded` have failed, the claim then lapses while the answer can still be recorded.
 */
export const HELD_CLAIM_SECONDS = 24 * 60 * 60;

export type PendingCharge = {
  /** `answered`: its Pay is recording it; `unrecorded`: that failed, any reader records it. */
  state: 'answered' | 'unrecorded';
  lockId: string;
  result: ChargeResult;
  card: { brand: string | null; last4: string };
  tokenId: string;
};

export type SettledCharge = PendingCharge & RecordedAttempt;

type Deps = Pick<Runtime, 'db' | 'store' | 'keyring' | 'logger'>;

const storeKey = (sessionId: string) => `checkout-charge:${sessionId}`;
const PURPOSE = 'checkout-pending-charge';
const sealingKey = (runtime: Pick<Runtime, 'keyring'>) => runtime.keyring.serviceKey(PURPOSE);

/** Keeps a processor's answer until it is recorded (called as soon as the PSP has answered). */
export async function keepPendingCharge(runtime: Pick<Runtime, 'store' | 'keyring'>, sessionId: string, pending: PendingCharge): Promise<void> {
  const key = storeKey(sessionId);
  const sealed = seal(sealingKey(runtime), JSON.stringify(pending), key).toString('base64');
  await runtime.store.set(key, sealed, PENDING_CHARGE_TTL_SECONDS);
}

/** The answer is recorded: nothing left to keep. */
export async function forgetPendingCharge(runtime: Pick<Runtime, 'store'>, sessionId: string): Promise<void> {
  await runtime.store.delete(storeKey(sessionId));
}

/**
 * Recording failed: the claim is held (HELD_CLAIM_SECONDS, not the PSP time-out plus a minute), so the
 * session neither lapses into a second charge nor expires while its outcome waits. Only the claim's own
 * holder is extended.
 */
export async function holdChargeClaim(runtime: Pick<Runtime, 'db'>, sessionId: string, lockId: string): Promise<void> {
  await runtime.db.prisma.checkoutSession.updateMany({
    where: { id: sessionId, chargeLockId: lockId },
    data: { chargeLockUntil: new Date(Date.now() + HELD_CLAIM_SECONDS * 1000) },
  });
}

async function readPendingCharge(runtime: Pick<Runtime, 'store' | 'keyring'>, sessionId: string): Promise<PendingCharge | null> {
  const key = storeKey(sessionId);
  const stored = await runtime.store.get(key);
  if (!stored) return null;
  // The current key, then those kept across a master key rotation (an answer kept before it).
  for (const candidate of runtime.keyring.serviceKeysOf(PURPOSE)) {
    try {
      return JSON.parse(open(candidate, Buffer.from(stored, 'base64'), key).toString('utf8')) as PendingCharge;
    } catch {
      // Not sealed under this key: the next one.
    }
  }
  // Sealed under no key of ours: it proves nothing, and is never acted on.
  return null;
}

/**
 * Records a kept answer for a session whose claim is still on its row, when its own Pay failed to record it
 * or is gone (the claim lapsed). Null when there is nothing to record: no kept answer, one of another claim,
 * one its live Pay is recording, or another reader recorded it first (the attempt row is written once, by
 * whoever clears the claim).
 */
export async function settlePendingCharge(
  runtime: Deps,
  session: AttemptSession & { attempts: number; chargeLockId: string; chargeLockUntil: Date | null },
  requestId: string | undefined,
  now = new Date(),
): Promise<SettledCharge | null> {
  const pending = await readPendingCharge(runtime, session.id);
  if (!pending || pending.lockId !== session.chargeLockId) return null;
  const lapsed = !session.chargeLockUntil || session.chargeLockUntil < now;
  if (pending.state !== 'unrecorded' && !lapsed) return null;
  const recorded = await recordCheckoutAttempt(runtime, {
    session,
    lockId: pending.lockId,
    attemptsBefore: session.attempts,
    result: pending.result,
    card: pending.card,
    requestId: requestId ?? '',
    onlyWhileClaimed: true,
  });
  await forgetPendingCharge(runtime, session.id).catch(() => {});
  if (!recorded) return null;
  runtime.logger.warn({ requestId, checkoutSessionId: session.id, outcome: pending.result.outcome }, 'checkout charge recorded after an earlier failure to record it');
  return { ...pending, ...recorded };
}
