// What a charge attempt comes to, in the terms the checkout shows the customer. The messages are fixed
// texts (a PSP's own decline message is the one exception, see map-psp-answer.ts): nothing here carries
// card data or PSP secrets.
import { VaultError } from '../../core/errors';

export type ChargeResult =
  | { outcome: 'approved'; transactionId: string }
  | { outcome: 'declined'; code: 'card_declined' | 'insufficient_funds'; message: string }
  | { outcome: 'failed'; code: 'processor_error'; message: string };

export const CARD_DECLINED_MESSAGE = 'Your card was declined';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Insufficient funds';
export const PROCESSOR_ERROR_MESSAGE = 'The payment processor could not complete the payment';
/** The CVC session was already used, expired or never existed: the PSP was not contacted. */
export const CVC_UNAVAILABLE_MESSAGE = "The card's security code is no longer available; please enter the card details again";

/** Why a charge ended as it did, for logs only (never shown, never a value from the PSP). */
export type ChargeReason =
  | 'approved'
  | 'sandbox_card'
  | 'psp_4xx'
  | 'success_rule_failed'
  | 'psp_5xx'
  | 'psp_unexpected_status'
  | 'missing_transaction_id'
  | 'refused_url'
  /** The project's allowed_proxy_hosts (or PROXY_REQUIRE_ALLOW_LIST) refuses the processor's host. */
  | 'proxy_host_not_allowed'
  | 'refused_address'
  | 'timeout'
  | 'network_error'
  | 'cvc_session_unavailable'
  | 'placeholder_without_value'
  | 'not_a_card'
  | 'invalid_configuration';

export type ChargeOutcome = { result: ChargeResult; reason: ChargeReason };

export const approved = (transactionId: string): ChargeResult => ({ outcome: 'approved', transactionId });

export const declined = (code: 'card_declined' | 'insufficient_funds', message: string): ChargeResult => ({ outcome: 'declined', code, message });

export const failed = (message: string = PROCESSOR_ERROR_MESSAGE): ChargeResult => ({ outcome: 'failed', code: 'processor_error', message });

/**
 * A CVC session that is used up, expired or unknown is an ordinary outcome of a charge (a reused or
 * stale session), not a programming error: the attempt fails without contacting the PSP. Any other
 * error is rethrown.
 */
export function cvcUnavailableOrThrow(error: unknown): ChargeOutcome {
  if (error instanceof VaultError && error.code === 'cvc_session_not_found') {
    return { result: failed(CVC_UNAVAILABLE_MESSAGE), reason: 'cvc_session_unavailable' };
  }
  throw error;
}
