// A checkout session's amount columns by its mode, as the type system sees them: a payment session has its
// amount, minor units and currency; a setup session has none. The database holds the same rule (the CHECK
// constraint of migration checkout_setup_mode), so narrowing a stored row never fails in practice; a row
// that broke it would be refused here rather than charged with a missing amount.
import type { CheckoutMode } from './checkout-rules';

type StoredAmounts = { mode: CheckoutMode; amount: string | null; amountMinor: bigint | null; currency: string | null };
export type PaymentAmounts = { mode: 'payment'; amount: string; amountMinor: bigint; currency: string };
export type SetupAmounts = { mode: 'setup'; amount: null; amountMinor: null; currency: null };

/** A stored row (any selection holding the four columns) narrowed by its mode. */
export type ByMode<T extends StoredAmounts> = (Omit<T, keyof StoredAmounts> & PaymentAmounts) | (Omit<T, keyof StoredAmounts> & SetupAmounts);

export function narrowCheckoutMode<T extends StoredAmounts>(row: T): ByMode<T> {
  const { mode, amount, amountMinor, currency } = row;
  if (mode === 'payment' && amount !== null && amountMinor !== null && currency !== null) return { ...row, mode, amount, amountMinor, currency };
  if (mode === 'setup' && amount === null && amountMinor === null && currency === null) return { ...row, mode, amount, amountMinor, currency };
  throw new Error(`checkout session row breaks the ${mode} mode's amount rule`);
}
