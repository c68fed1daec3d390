// A new checkout session for a merchant of the vault key's project. Its id is the customer's credential;
// the page lives at `${CHECKOUT_URL}/checkout/${id}`. A setup session stores no amount or currency.
import type { Runtime } from '../runtime/types';
import type { CheckoutSessionRow } from './get-checkout-session';
import { checkoutSessionColumns } from './get-checkout-session';
import { narrowCheckoutMode } from './checkout-session-mode';
import type { TCreateCheckoutSessionRequest } from './schemas';
import { newCheckoutSessionId } from './session-id';

export async function createCheckoutSession(
  runtime: Pick<Runtime, 'db'>,
  options: {
    project: { id: string; environment: 'test' | 'production' };
    /** The API key's application; null for a test session made from the dashboard. */
    applicationId: string | null;
    merchant: { id: string; name: string };
    input: TCreateCheckoutSessionRequest;
  },
): Promise<CheckoutSessionRow> {
  const { input } = options;
  const created = await runtime.db.prisma.checkoutSession.create({
    data: {
      id: newCheckoutSessionId(),
      projectId: options.project.id,
      merchantId: options.merchant.id,
      applicationId: options.applicationId,
      merchantName: input.merchantName ?? options.merchant.name,
      mode: input.mode,
      amount: input.amount,
      amountMinor: input.amountMinor,
      currency: input.currency,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      errorUrl: input.errorUrl,
      embedMode: input.embedMode,
      parentOrigin: input.parentOrigin,
      testMode: options.project.environment === 'test',
      expiresAt: new Date(Date.now() + input.expiresInSeconds * 1000),
    },
    select: checkoutSessionColumns,
  });
  return narrowCheckoutMode(created);
}
