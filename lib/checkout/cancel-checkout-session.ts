// The customer cancels: an open session (no charge in flight) becomes `cancelled` for good. Cancelling a
// cancelled session answers the same again (idempotent, and writes no second `checkout.session.cancelled`:
// only the UPDATE that ends the session writes it); a paid, expired or mid-charge one cannot be.
import type { Runtime } from '../runtime/types';
import { checkoutStateError } from './checkout-state-error';
import { endCheckoutSessions, NO_LIVE_CLAIM } from './end-checkout-sessions';
import { getCheckoutSession, type CheckoutSessionRow } from './get-checkout-session';

export async function cancelCheckoutSession(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'logger'>,
  options: { sessionId: string; audit: { projectId?: string | null; applicationId?: string | null } },
): Promise<CheckoutSessionRow> {
  const session = await getCheckoutSession(runtime, options.sessionId);
  if (session) Object.assign(options.audit, { projectId: session.projectId, applicationId: session.applicationId });
  if (session?.status === 'cancelled') return session;
  if (!session || session.status !== 'open') throw checkoutStateError(session);
  const ended = await runtime.db.sql.transaction((tx) =>
    endCheckoutSessions(tx, 'cancelled', `id = $1 AND expires_at > $2::timestamptz AND ${NO_LIVE_CLAIM('$2::timestamptz')}`, [session.id, new Date()]),
  );
  const current = await getCheckoutSession(runtime, session.id);
  if (ended.length === 1 || current?.status === 'cancelled') return current!;
  throw checkoutStateError(current);
}
