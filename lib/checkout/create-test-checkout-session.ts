// A test checkout session made from the dashboard (POST /api/merchants/{id}/test-session): the same
// validation and the same createCheckoutSession as POST /api/sessions/create, for a merchant of a test
// project, with no API key behind it (application null). The customer returns to the merchant's page in
// the dashboard whatever happens, so the member sees the outcome there.
import { VaultError } from '../core/errors';
import { getMerchantOrThrow } from '../merchants/get-merchant-or-throw';
import type { Runtime } from '../runtime/types';
import { createCheckoutSession } from './create-checkout-session';
import type { CheckoutSessionRow } from './get-checkout-session';
import { checkoutSessionSchema } from './schemas';

export async function createTestCheckoutSession(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config'>,
  options: { accountId: string; merchantId: string; amount: string; currency: string },
): Promise<CheckoutSessionRow> {
  const merchant = await getMerchantOrThrow(runtime, { accountId: options.accountId, merchantId: options.merchantId });
  if (merchant.environment !== 'test') throw new VaultError('conflict', 'Test sessions can be made only for merchants of test projects');
  const back = `${runtime.config.APP_URL}/dashboard/p/${merchant.projectId}/checkout/${merchant.id}`;
  const input = checkoutSessionSchema(runtime.config.CHECKOUT_MIN_EXPIRY_SECONDS).parse({
    merchantId: merchant.id,
    amount: options.amount,
    currency: options.currency,
    successUrl: back,
    cancelUrl: back,
    errorUrl: back,
    embedMode: 'redirect',
  });
  return createCheckoutSession(runtime, { project: { id: merchant.projectId, environment: merchant.environment }, applicationId: null, merchant, input });
}
