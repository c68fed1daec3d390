// The answer to a new checkout session (POST /api/sessions/create and the dashboard's test session):
// its id, the hosted page's URL, the embed mode and the deadline.
import type { z } from 'zod';
import type { CheckoutSessionRow } from './get-checkout-session';
import type { ZCreatedCheckoutSession } from './schemas';

export function presentCreatedSession(session: Pick<CheckoutSessionRow, 'id' | 'embedMode' | 'expiresAt'>, checkoutUrl: string): z.output<typeof ZCreatedCheckoutSession> {
  return { success: true, sessionId: session.id, url: `${checkoutUrl}/checkout/${session.id}`, embedMode: session.embedMode, expiresAt: session.expiresAt.toISOString() };
}
