// GET /api/checkout-sessions — one merchant's checkout sessions (any role), newest first, cursor-paginated, with their attempts.
import { listCheckoutSessions } from '../../checkout/list-checkout-sessions';
import { CHECKOUT_LIST_MAX_LIMIT, ZCheckoutSessionListItem, ZListCheckoutSessionsQuerySchema } from '../../checkout/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, error, ok, pageResponse } from '../../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/checkout-sessions',
  operationId: 'listCheckoutSessions',
  tags: ['Hosted checkout'],
  summary: 'List a merchant\'s checkout sessions',
  description: `${ANY_ROLE} The sessions of one merchant (\`merchant_id\`, required), newest first, cursor-paginated (default 25, at most ${CHECKOUT_LIST_MAX_LIMIT}), optionally of one \`status\`, each with its charge attempts (outcome, code, message, transaction id, card brand and last 4 only). An open session past its expiresAt is listed as \`expired\`. ${OTHER_ACCOUNT_404} Unknown query parameters are a 400.`,
  auth: sessionAuth(),
  request: { query: ZListCheckoutSessionsQuerySchema },
  responses: {
    200: ok('A page of checkout sessions.', pageResponse('CheckoutSessionPage', ZCheckoutSessionListItem)),
    404: error('`Merchant not found` (unknown, or another account\'s).'),
  },
  handler: async (call) => {
    const query = call.input.query();
    const page = await listCheckoutSessions(call.runtime, { accountId: call.user.accountId, merchantId: query.merchant_id, status: query.status, limit: query.limit, cursor: query.cursor });
    return call.json(200, { success: true, data: page.rows, next_cursor: page.nextCursor });
  },
});
