// The checkout sessions of one merchant of the caller's account, newest first, one page at a time (ordered
// created_at DESC, id DESC; the cursor names the last row's pair), each with its charge attempts. Read only:
// an open session past its deadline is presented (and filtered) as `expired` by the same rule
// getCheckoutSession applies, without storing it — that happens when the session itself is next read.
import { isUuid } from '../core/uuid';
import { merchantNotFound } from '../merchants/get-merchant-or-throw';
import type { Runtime } from '../runtime/types';
import { afterCursor, keysetPage, type PageCursor } from '../core/cursor';
import type { CheckoutStatus } from './checkout-rules';
import type { ZCheckoutSessionListItem } from './schemas';
import type { z } from 'zod';

export type ListCheckoutSessionsOptions = { accountId: string; merchantId: string; status?: CheckoutStatus; limit: number; cursor?: PageCursor; now?: Date };

/** Past its deadline and not held by a charge claimed in time (lib/checkout/get-checkout-session.ts). */
const lapsed = (now: Date) => ({ status: 'open' as const, expiresAt: { lte: now }, OR: [{ chargeLockId: null }, { chargeLockUntil: { lt: now } }] });

function statusFilter(status: CheckoutStatus | undefined, now: Date) {
  if (status === 'expired') return { OR: [{ status: 'expired' as const }, lapsed(now)] };
  if (status === 'open') return { status: 'open' as const, NOT: lapsed(now) };
  return status ? { status } : {};
}

/** The status a reader sees: an open session past its deadline is expired unless a live charge claim holds it. */
export function presentedCheckoutStatus(row: { status: CheckoutStatus; expiresAt: Date; chargeLockId: string | null; chargeLockUntil: Date | null }, now: Date): CheckoutStatus {
  if (row.status !== 'open' || row.expiresAt > now) return row.status;
  return row.chargeLockId && row.chargeLockUntil && row.chargeLockUntil >= now ? 'open' : 'expired';
}

export async function listCheckoutSessions(
  runtime: Pick<Runtime, 'db'>,
  options: ListCheckoutSessionsOptions,
): Promise<{ rows: z.output<typeof ZCheckoutSessionListItem>[]; nextCursor: string | null }> {
  const { prisma } = runtime.db;
  // Another account's merchant is a 404, as everywhere else.
  const merchant = isUuid(options.merchantId)
    ? await prisma.merchant.findFirst({ where: { id: options.merchantId, project: { accountId: options.accountId } }, select: { id: true } })
    : null;
  if (!merchant) throw merchantNotFound();
  const now = options.now ?? new Date();
  const { cursor } = options;
  const rows = await prisma.checkoutSession.findMany({
    where: {
      merchantId: merchant.id,
      project: { accountId: options.accountId },
      AND: [statusFilter(options.status, now), afterCursor(cursor)],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: options.limit + 1,
    select: {
      id: true,
      merchantId: true,
      status: true,
      mode: true,
      amount: true,
      currency: true,
      embedMode: true,
      attempts: true,
      createdAt: true,
      expiresAt: true,
      completedAt: true,
      transactionId: true,
      chargeLockId: true,
      chargeLockUntil: true,
      chargeAttempts: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { createdAt: true, outcome: true, errorCode: true, errorMessage: true, transactionId: true, brand: true, last4: true },
      },
    },
  });
  const { page, nextCursor } = keysetPage(rows, options.limit);
  return {
    rows: page.map((row) => ({
      id: row.id,
      merchant_id: row.merchantId,
      status: presentedCheckoutStatus(row, now),
      mode: row.mode,
      amount: row.amount,
      currency: row.currency,
      embed_mode: row.embedMode,
      attempts: row.attempts,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
      transaction_id: row.transactionId,
      attempt_details: row.chargeAttempts.map((attempt) => ({
        created_at: attempt.createdAt.toISOString(),
        outcome: attempt.outcome,
        code: attempt.errorCode,
        decline_message: attempt.errorMessage,
        transaction_id: attempt.transactionId,
        brand: attempt.brand,
        last4: attempt.last4,
      })),
    })),
    nextCursor,
  };
}
