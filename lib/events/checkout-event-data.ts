// The events of a checkout session, their data as lib/events/event-data-schemas.ts documents it: the session
// as stored after the change (status, attempts, the transaction id once completed) and the card of its last
// attempt (brand and last 4; null before any attempt). A setup session (mode `setup`) has no amount or
// currency (null) and, once completed, the token made from the card. `checkout.payment.failed` adds the
// failed attempt's code and message. Only what the merchant's own API already shows: never a card number,
// CVV or processor secret.
import type { NewEvent } from './record-event';

export type CheckoutEventSession = {
  id: string;
  projectId: string;
  merchantId: string;
  mode: 'payment' | 'setup';
  /** The session's decimal string ("10.50"); null in setup mode. */
  amount: string | null;
  currency: string | null;
  status: string;
  attempts: number;
  transactionId: string | null;
  /** The card of the last attempt (the approved one once completed); null before any attempt. */
  cardBrand: string | null;
  cardLast4: string | null;
  /** Setup mode, once completed: the token made from the card; null otherwise. */
  token: string | null;
  testMode: boolean;
};

/** The failure a `checkout.payment.failed` reports (the attempt's card is the session's last). */
export type CheckoutFailure = { errorCode: string; errorMessage: string };

type SessionEventType = 'checkout.session.completed' | 'checkout.session.expired' | 'checkout.session.cancelled';

function sessionData(session: CheckoutEventSession) {
  return {
    session_id: session.id,
    merchant_id: session.merchantId,
    mode: session.mode,
    amount: session.amount,
    currency: session.currency,
    status: session.status,
    attempts: session.attempts,
    transaction_id: session.transactionId,
    brand: session.cardBrand,
    last4: session.cardLast4,
    token: session.token,
  };
}

const envelope = (session: CheckoutEventSession) => ({ projectId: session.projectId, livemode: !session.testMode });

export function checkoutSessionEvent(type: SessionEventType, session: CheckoutEventSession): NewEvent {
  return { ...envelope(session), type, data: sessionData(session) };
}

export function checkoutPaymentFailedEvent(session: CheckoutEventSession, failure: CheckoutFailure): NewEvent {
  return { ...envelope(session), type: 'checkout.payment.failed', data: { ...sessionData(session), failure_code: failure.errorCode, failure_message: failure.errorMessage } };
}
