// The customer cancels: an open session (no charge in flight) becomes `cancelled` for good. Cancelling a
// cancelled session answers the same again (idempotent); a paid, expired or mid-charge one cannot be.
import type { Runtime } from '../runtime';
import { checkoutStateError } from './checkout-state-error';
import { getCheckoutSession, type CheckoutSessionRow } from './get-checkout-session';

export async function cancelCheckoutSession(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'logger'>,
  options: { sessionId: string; audit: { projectId?: string | null; applicationId?: string | null } },
): Promise<CheckoutSessionRow> {
  const session = await getCheckoutSession(runtime, options.sessionId);
  if (session) Object.assign(options.audit, { projectId: session.projectId, applicationId: session.applicationId });
  if (session?.status === 'cancelled') return session;
  if (!session || session.status !== 'open') throw checkoutStateError(session);
  const now = new Date();
  const { count } = await runtime.db.prisma.checkoutSession.updateMany({
    where: { id: session.id, status: 'open', expiresAt: { gt: now }, OR: [{ chargeLockId: null }, { chargeLockUntil: { lt: now } }] },
    data: { status: 'cancelled', chargeLockId: null, chargeLockUntil: null },
  });
  const current = await getCheckoutSession(runtime, session.id);
  if (count === 1 || current?.status === 'cancelled') return current!;
  throw checkoutStateError(current);
}
