// What the hosted checkout page renders for a session id (null: unknown id). Never card data: a paid
// session shows the transaction id, brand and last 4 only (a completed setup session: its token, brand and
// last 4). Reading it applies lazy expiry.
import type { Runtime } from '../runtime/types';
import { MAX_CHECKOUT_ATTEMPTS, type CheckoutMode, type CheckoutStatus, type EmbedMode } from './checkout-rules';
import { getCheckoutSession, type CheckoutSessionRow } from './get-checkout-session';
import type { PaymentData } from './page-state';

export type CheckoutView = {
  sessionId: string;
  status: CheckoutStatus;
  merchantName: string;
  mode: CheckoutMode;
  /** Null in setup mode (nothing is charged). */
  amount: string | null;
  currency: string | null;
  embedMode: EmbedMode;
  parentOrigin: string | null;
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
  expiresAt: string;
  attempts: number;
  maxAttempts: number;
  testMode: boolean;
  payment: PaymentData | null;
};

/** What a completed session completed with: its charge, or (setup mode) the card saved as a token. */
function completedWith(row: CheckoutSessionRow): PaymentData | null {
  if (row.status !== 'completed') return null;
  const card = { brand: row.cardBrand, last4: row.cardLast4 ?? '' };
  if (row.mode === 'setup') return row.token ? { token: row.token, ...card } : null;
  return row.transactionId ? { transactionId: row.transactionId, amount: row.amount, currency: row.currency, ...card } : null;
}

export function presentCheckoutView(row: CheckoutSessionRow): CheckoutView {
  return {
    sessionId: row.id,
    status: row.status,
    merchantName: row.merchantName,
    mode: row.mode,
    amount: row.amount,
    currency: row.currency,
    embedMode: row.embedMode,
    parentOrigin: row.parentOrigin,
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    errorUrl: row.errorUrl,
    expiresAt: row.expiresAt.toISOString(),
    attempts: row.attempts,
    maxAttempts: MAX_CHECKOUT_ATTEMPTS,
    testMode: row.testMode,
    payment: completedWith(row),
  };
}

export async function loadCheckoutView(runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'logger'>, sessionId: string): Promise<CheckoutView | null> {
  const row = await getCheckoutSession(runtime, sessionId);
  return row ? presentCheckoutView(row) : null;
}
