// The customer's card as a token of the session's project, made by the vault's own code (createToken: the
// token, its `token.created` event and its `checkout.tokenize` audit row in one statement). A payment keeps
// the CVV in a single-use CVC session for its charge; a setup session keeps no CVV (nothing would use it).
import type { CheckoutSessionRow } from './get-checkout-session';
import type { SessionMerchant } from './load-session-merchant';
import type { TPayCheckoutRequest } from './schemas';
import type { Runtime } from '../runtime/types';
import { createToken, type CreatedToken } from '../vault/create-token';

/** "Jane Q Doe" → first "Jane Q", last "Doe"; one word is a first name. */
function splitName(name: string | undefined): { firstName?: string; lastName?: string } {
  const words = name?.split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return {};
  if (words.length === 1) return { firstName: words[0] };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) };
}

export async function tokenizeCheckoutCard(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'config'>,
  options: { session: CheckoutSessionRow; merchant: SessionMerchant; card: TPayCheckoutRequest; requestId: string; ip: string | null },
): Promise<CreatedToken> {
  const { session, merchant, card } = options;
  return createToken(runtime, {
    principal: { project: merchant.project, application: session.applicationId ? { id: session.applicationId } : null },
    payload: { type: 'card', cardNumber: card.cardNumber, expirationMonth: card.expirationMonth, expirationYear: card.expirationYear, ...splitName(card.cardholderName) },
    cvv: session.mode === 'payment' ? card.cvc : undefined,
    cvcSession: { mode: 'once', ttlSeconds: runtime.config.CVC_SESSION_TTL_SECONDS },
    testMode: session.testMode,
    audit: {
      action: 'checkout.tokenize',
      outcome: 'success',
      statusCode: 201,
      requestId: options.requestId,
      accountId: merchant.project.accountId,
      projectId: session.projectId,
      applicationId: session.applicationId,
      ip: options.ip,
    },
  });
}
