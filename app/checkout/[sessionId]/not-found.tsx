// An unknown checkout session id: an error page that is never frameable (the server sends frame-ancestors
// 'none' for it) and posts no message — there is no trusted origin to send one to.
import type { Metadata } from 'next';
import { CheckoutUnavailable } from '@/components/checkout/checkout-unavailable';

export const metadata: Metadata = { title: 'Checkout not found', robots: { index: false, follow: false } };

export default function CheckoutNotFound() {
  return (
    <CheckoutUnavailable
      code="404"
      title="Checkout not found"
      text="This payment link is not valid or no longer exists. Return to the store and start the payment again."
    />
  );
}
