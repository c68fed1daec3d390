// POST /api/merchants/{id}/test-session — a test checkout session for a merchant of a test project
// (owner/admin/developer, from the dashboard): the hosted page's URL, to pay with test cards.
import { createTestCheckoutSession } from '../../checkout/create-test-checkout-session';
import { ZCreatedCheckoutSession } from '../../checkout/schemas';
import { presentCreatedSession } from '../../checkout/present-created-session';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { ZCreateTestSessionRequestSchema } from '../../merchants/schemas';
import { OTHER_ACCOUNT_404, error, json, ok } from '../../core/openapi-shapes';
import { merchantIdParam, merchantNotFound } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/merchants/{id}/test-session',
  operationId: 'createTestCheckoutSession',
  tags: ['Merchants'],
  summary: 'Create a test checkout session for a merchant',
  description: [
    'Owner, admin or developer (viewer → 403): the dashboard\'s "Create a test session", without the API key and service key POST /api/sessions/create needs. Test projects only (a production project\'s merchant is 409 `conflict`).',
    'The session is made by the same code and rules as POST /api/sessions/create: redirect mode, the default expiry, and every return URL (success, cancel, error) leading back to the merchant\'s page in the dashboard. Its `application_id` is null (no API key). The body is optional (default 10.00 EUR); `amount` and `currency` follow the rules of POST /api/sessions/create and errors name them.',
    `Audited as \`merchant.test_session\` with the new session as the resource. ${OTHER_ACCOUNT_404}`,
  ].join('\n\n'),
  auth: managerAuth('merchant.test_session', { roles: ['owner', 'admin', 'developer'] }),
  request: { params: merchantIdParam, body: { ...json(ZCreateTestSessionRequestSchema), required: false } },
  responses: {
    201: ok('Created: open `url` in a browser to pay.', ZCreatedCheckoutSession),
    ...merchantNotFound,
    409: error('`Test sessions can be made only for merchants of test projects`.'),
  },
  handler: async (call) => {
    const input = call.input.body();
    const session = await createTestCheckoutSession(call.runtime, { accountId: call.user.accountId, merchantId: call.params.id ?? '', amount: input.amount, currency: input.currency });
    Object.assign(call.target, { projectId: session.projectId, resource: `checkout_session:${session.id}` });
    return call.json(201, presentCreatedSession(session, call.runtime.config.CHECKOUT_URL));
  },
});
