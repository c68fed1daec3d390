'use client';
// The checkout page failed to render (e.g. the database is unreachable): no form, no message to anyone.
import { CheckoutUnavailable } from '@/components/checkout/checkout-unavailable';

export default function CheckoutError() {
  return <CheckoutUnavailable text="We could not load this checkout. Reload the page in a moment, or return to the store and try again." />;
}
