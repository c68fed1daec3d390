// One checkout session by its public id, with lazy expiry applied: an `open` session past its expiresAt is
// stored as `expired` when it is observed (unless a charge claimed before the deadline is still running:
// that charge finishes first). Unknown ids and ids of another shape are the same null.
import type { Runtime } from '../runtime';
import type { CheckoutStatus, EmbedMode } from './checkout-rules';
import { isCheckoutSessionId } from './session-id';

export const checkoutSessionColumns = {
  id: true,
  projectId: true,
  merchantId: true,
  applicationId: true,
  merchantName: true,
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
  expiresAt: true,
  createdAt: true,
  completedAt: true,
} as const;

export type CheckoutSessionRow = {
  id: string;
  projectId: string;
  merchantId: string;
  applicationId: string;
  merchantName: string;
  amount: string;
  amountMinor: bigint;
  currency: string;
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
  expiresAt: Date;
  createdAt: Date;
  completedAt: Date | null;
};

export async function getCheckoutSession(runtime: Pick<Runtime, 'db'>, sessionId: string, now = new Date()): Promise<CheckoutSessionRow | null> {
  if (!isCheckoutSessionId(sessionId)) return null;
  const { prisma } = runtime.db;
  const row = await prisma.checkoutSession.findUnique({ where: { id: sessionId }, select: checkoutSessionColumns });
  if (!row || row.status !== 'open' || row.expiresAt > now) return row;
  // Past its deadline: stored as expired unless a live charge claim holds it (then it stays open until the
  // charge ends, and that charge's outcome decides).
  await prisma.checkoutSession.updateMany({
    where: { id: row.id, status: 'open', expiresAt: { lte: now }, OR: [{ chargeLockId: null }, { chargeLockUntil: { lt: now } }] },
    data: { status: 'expired', chargeLockId: null, chargeLockUntil: null },
  });
  return prisma.checkoutSession.findUnique({ where: { id: sessionId }, select: checkoutSessionColumns });
}
