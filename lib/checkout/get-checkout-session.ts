// One checkout session by its public id, with lazy expiry applied: an `open` session past its expiresAt is
// stored as `expired`, with its event, when it is observed (unless a charge claimed before the deadline is
// still running: that charge finishes first); the sweeper (./expire-lapsed-sessions.ts) does the same for
// sessions nobody reads. Unknown ids and ids of another shape are the same null. A session whose
// claim holds a processor answer that was never recorded gets it recorded first (./pending-charge.ts), so
// every reader sees the charge that happened.
import type { Runtime } from '../runtime/types';
import type { CheckoutStatus, EmbedMode } from './checkout-rules';
import { narrowCheckoutMode, type PaymentAmounts, type SetupAmounts } from './checkout-session-mode';
import { endCheckoutSessions, NO_LIVE_CLAIM } from './end-checkout-sessions';
import { settlePendingCharge, type SettledCharge } from './pending-charge';
import { isCheckoutSessionId } from './session-id';

export const checkoutSessionColumns = {
  id: true,
  projectId: true,
  merchantId: true,
  applicationId: true,
  merchantName: true,
  mode: true,
  amount: true,
  amountMinor: true,
  currency: true,
  successUrl: true,
  cancelUrl: true,
  errorUrl: true,
  embedMode: true,
  parentOrigin: true,
  testMode: true,
  status: true,
  attempts: true,
  transactionId: true,
  cardBrand: true,
  cardLast4: true,
  token: true,
  expiresAt: true,
  createdAt: true,
  completedAt: true,
} as const;

type CheckoutSessionCommon = {
  id: string;
  projectId: string;
  merchantId: string;
  /** Null for test sessions made from the dashboard (no API key). */
  applicationId: string | null;
  merchantName: string;
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
  embedMode: EmbedMode;
  parentOrigin: string | null;
  testMode: boolean;
  status: CheckoutStatus;
  attempts: number;
  transactionId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** Setup mode, once completed: the token made from the card. */
  token: string | null;
  expiresAt: Date;
  createdAt: Date;
  completedAt: Date | null;
};

export type PaymentCheckoutSessionRow = CheckoutSessionCommon & PaymentAmounts;
export type SetupCheckoutSessionRow = CheckoutSessionCommon & SetupAmounts;
/** A session as stored, narrowed by its mode (./checkout-session-mode.ts). */
export type CheckoutSessionRow = PaymentCheckoutSessionRow | SetupCheckoutSessionRow;

export type CheckoutSessionReaders = Pick<Runtime, 'db' | 'store' | 'keyring' | 'logger'>;

export async function getCheckoutSession(runtime: CheckoutSessionReaders, sessionId: string, now = new Date()): Promise<CheckoutSessionRow | null> {
  return (await loadCheckoutSession(runtime, sessionId, { now })).session;
}

/** getCheckoutSession, also telling whether this read recorded a kept processor answer (and which). */
export async function loadCheckoutSession(
  runtime: CheckoutSessionReaders,
  sessionId: string,
  options: { now?: Date; requestId?: string } = {},
): Promise<{ session: CheckoutSessionRow | null; settled: SettledCharge | null }> {
  if (!isCheckoutSessionId(sessionId)) return { session: null, settled: null };
  const { prisma } = runtime.db;
  const now = options.now ?? new Date();
  const read = () => prisma.checkoutSession.findUnique({ where: { id: sessionId }, select: { ...checkoutSessionColumns, chargeLockId: true, chargeLockUntil: true } });
  let found = await read();
  let settled: SettledCharge | null = null;
  if (found?.status === 'open' && found.chargeLockId && found.mode === 'payment') {
    // Only a payment's charge can have left a processor answer behind.
    settled = await settlePendingCharge(runtime, narrowCheckoutMode({ ...found, chargeLockId: found.chargeLockId }), options.requestId, now);
    if (settled) found = await read();
  }
  if (!found) return { session: null, settled };
  const { chargeLockId: _claim, chargeLockUntil: _until, ...stored } = found;
  const row = narrowCheckoutMode(stored);
  if (row.status !== 'open' || row.expiresAt > now) return { session: row, settled };
  // Past its deadline: stored as expired (with its event) unless a live charge claim holds it (then it stays
  // open until the charge ends, and that charge's outcome decides).
  await runtime.db.sql.transaction((tx) =>
    endCheckoutSessions(tx, 'expired', `id = $1 AND expires_at <= $2::timestamptz AND ${NO_LIVE_CLAIM('$2::timestamptz')}`, [row.id, now]),
  );
  const ended = await prisma.checkoutSession.findUnique({ where: { id: sessionId }, select: checkoutSessionColumns });
  return { session: ended && narrowCheckoutMode(ended), settled };
}
