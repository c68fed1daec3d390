// Pay of a setup session: the card (already validated, the session claimed) is tokenized exactly as a
// payment's is, then the session is completed with the token, brand and last 4 (one attempt row, approved
// without a transaction id, and `checkout.session.completed`, in one transaction). No processor is called
// and no `checkout.charge` row is written: nothing is charged.
import type { Runtime } from '../runtime/types';
import { checkoutStateError } from './checkout-state-error';
import { getCheckoutSession, type SetupCheckoutSessionRow } from './get-checkout-session';
import type { SessionMerchant } from './load-session-merchant';
import { recordCheckoutAttempt, type RecordedAttempt } from './record-checkout-attempt';
import type { TPayCheckoutRequest } from './schemas';
import { tokenizeCheckoutCard } from './tokenize-checkout-card';

export type SavedCard = RecordedAttempt & {
  kind: 'saved';
  session: SetupCheckoutSessionRow;
  card: { brand: string | null; last4: string };
  token: string;
  tokenId: string;
};

export async function saveSetupCard(
  runtime: Runtime,
  options: {
    session: SetupCheckoutSessionRow;
    merchant: SessionMerchant;
    claim: { lockId: string; attempts: number };
    card: TPayCheckoutRequest;
    requestId: string;
    ip: string | null;
    audit: { tokenId?: string | null };
  },
): Promise<SavedCard> {
  const { session } = options;
  const created = await tokenizeCheckoutCard(runtime, options);
  options.audit.tokenId = created.tokenId;
  const card = { brand: created.brand ?? null, last4: created.last4 };
  const recorded = await recordCheckoutAttempt(runtime, {
    session,
    lockId: options.claim.lockId,
    attemptsBefore: options.claim.attempts,
    result: { outcome: 'approved', transactionId: null, token: created.token },
    card,
    requestId: options.requestId,
    onlyWhileClaimed: true,
  });
  // The claim lapsed meanwhile (a stall of minutes) and the session changed: its state answers.
  if (!recorded) throw checkoutStateError(await getCheckoutSession(runtime, session.id));
  return { ...recorded, kind: 'saved', session, card, token: created.token, tokenId: created.tokenId };
}
