// Why a session cannot be paid (or cancelled) now, as the error the customer's call answers with:
// 404 unknown; 409 already paid, cancelled, out of attempts, or a charge in flight; 410 expired (with the
// errorUrl the page sends the customer to).
import { VaultError, messages } from '../core/errors';
import { CheckoutError } from './checkout-error';
import { MAX_CHECKOUT_ATTEMPTS } from './checkout-rules';
import type { CheckoutSessionRow } from './get-checkout-session';
import { presentCheckoutView } from './load-checkout-view';
import { errorRedirectUrl } from './return-urls';

export function checkoutStateError(row: CheckoutSessionRow | null): VaultError {
  if (!row) return new VaultError('not_found', messages.checkoutNotFound);
  switch (row.status) {
    case 'completed':
      return new VaultError('session_completed', messages.sessionCompleted);
    case 'cancelled':
      return new VaultError('session_cancelled', messages.sessionCancelled);
    case 'expired':
      return row.attempts >= MAX_CHECKOUT_ATTEMPTS
        ? new CheckoutError('attempts_exhausted', messages.attemptsExhausted, { redirectUrl: errorRedirectUrl(presentCheckoutView(row), 'attempts_exhausted') })
        : new CheckoutError('session_expired', messages.sessionExpired, { redirectUrl: errorRedirectUrl(presentCheckoutView(row), 'expired') });
    case 'open':
      // Open yet not claimable: another Pay of this session holds the charge.
      return new VaultError('payment_in_progress', messages.paymentInProgress);
  }
}
