// What the hosted checkout page renders for a session id (null: unknown id). Never card data: a paid
// session shows the transaction id, brand and last 4 only. Reading it applies lazy expiry.
import type { Runtime } from '../runtime/types';
import { MAX_CHECKOUT_ATTEMPTS, type CheckoutStatus, type EmbedMode } from './checkout-rules';
import { getCheckoutSession, type CheckoutSessionRow } from './get-checkout-session';

export type CheckoutView = {
  sessionId: string;
  status: CheckoutStatus;
  merchantName: string;
  amount: string;
  currency: string;
  embedMode: EmbedMode;
  parentOrigin: string | null;
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
  expiresAt: string;
  attempts: number;
  maxAttempts: number;
  testMode: boolean;
  payment: { transactionId: string; amount: string; currency: string; brand: string | null; last4: string } | null;
};

export function presentCheckoutView(row: CheckoutSessionRow): CheckoutView {
  return {
    sessionId: row.id,
    status: row.status,
    merchantName: row.merchantName,
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
    payment:
      row.status === 'completed' && row.transactionId
        ? { transactionId: row.transactionId, amount: row.amount, currency: row.currency, brand: row.cardBrand, last4: row.cardLast4 ?? '' }
        : null,
  };
}

export async function loadCheckoutView(runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'logger'>, sessionId: string): Promise<CheckoutView | null> {
  const row = await getCheckoutSession(runtime, sessionId);
  return row ? presentCheckoutView(row) : null;
}
