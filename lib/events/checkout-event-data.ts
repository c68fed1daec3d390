// The events of a checkout session. Session events (completed, expired, cancelled) describe the session as
// stored after the change; `checkout.payment.failed` describes the attempt that failed (its card's brand and
// last 4, its code and message) with the session's status and attempts after it. Only what the merchant's
// own API already shows: ids, the amount, brand and last 4; never a card number, CVV or processor secret.
import type { NewEvent } from './record-event';

export type CheckoutEventSession = {
  id: string;
  projectId: string;
  merchantId: string;
  /** The session's decimal string ("10.50"). */
  amount: string;
  currency: string;
  status: string;
  attempts: number;
  transactionId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  testMode: boolean;
};

/** The failed attempt a `checkout.payment.failed` reports. */
export type FailedCheckoutAttempt = { errorCode: string; errorMessage: string; brand: string | null; last4: string };

type SessionEventType = 'checkout.session.completed' | 'checkout.session.expired' | 'checkout.session.cancelled';

function sessionData(session: CheckoutEventSession, card: { transactionId: string | null; brand: string | null; last4: string | null }) {
  return {
    session_id: session.id,
    merchant_id: session.merchantId,
    amount: session.amount,
    currency: session.currency,
    status: session.status,
    attempts: session.attempts,
    transaction_id: card.transactionId,
    brand: card.brand,
    last4: card.last4,
  };
}

const envelope = (session: CheckoutEventSession) => ({ projectId: session.projectId, livemode: !session.testMode });

export function checkoutSessionEvent(type: SessionEventType, session: CheckoutEventSession): NewEvent {
  const data = sessionData(session, { transactionId: session.transactionId, brand: session.cardBrand, last4: session.cardLast4 });
  return { ...envelope(session), type, data };
}

export function checkoutPaymentFailedEvent(session: CheckoutEventSession, attempt: FailedCheckoutAttempt): NewEvent {
  const data = sessionData(session, { transactionId: null, brand: attempt.brand, last4: attempt.last4 });
  return { ...envelope(session), type: 'checkout.payment.failed', data: { ...data, failure_code: attempt.errorCode, failure_message: attempt.errorMessage } };
}
