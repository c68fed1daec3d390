// GET /api/sessions/{id}'s view of a session for its merchant's server: the amount of a payment, and once
// completed its transaction id (payment) or token (setup), with the card's brand and last 4. Never card data.
import type { z } from 'zod';
import type { CheckoutSessionRow } from './get-checkout-session';
import type { ZCheckoutSessionStatus } from './schemas';

export function presentCheckoutSessionStatus(session: CheckoutSessionRow): z.output<typeof ZCheckoutSessionStatus> {
  const completed = session.status === 'completed';
  return {
    sessionId: session.id,
    status: session.status,
    mode: session.mode,
    ...(session.mode === 'payment' ? { amount: session.amount, currency: session.currency } : {}),
    embedMode: session.embedMode,
    attempts: session.attempts,
    expiresAt: session.expiresAt.toISOString(),
    ...(session.transactionId ? { transactionId: session.transactionId } : {}),
    ...(completed && session.token ? { token: session.token } : {}),
    ...(completed && session.cardLast4 ? { brand: session.cardBrand, last4: session.cardLast4 } : {}),
  };
}
