// POST /collect-sessions/{id}/submit — the Elements card-number frame submits the fields (same
// origin as the frame: the checkout's). Not for your server: your page calls `elements.submit()`.
import { isCollectSessionId } from '../../collect/collect-ids';
import { MAX_COLLECT_FAILURES } from '../../collect/collect-rules';
import { limitCollectSubmit } from '../../collect/limit-collect';
import { ZCollectSessionResult, ZSubmitCollectSessionRequest } from '../../collect/schemas';
import { submitCollectSession } from '../../collect/submit-collect-session';
import { error, json, ok } from '../../core/openapi-shapes';
import { defineRoute } from '../../http/define-route';
import { parseJsonRequest } from '../../http/read-body';
import { retryAfter } from '../auth-endpoints/docs';
import { checkoutCustomerAuth } from '../auth/customer-route';
import { collectSessionParams } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/collect-sessions/{id}/submit',
  operationId: 'submitCollectSession',
  server: 'checkout',
  tags: ['Vault Elements'],
  summary: 'Submit the card fields (from the Elements frames)',
  description: [
    'Called by the card-number field frame on `submit()`, same origin (an `Origin` other than the checkout\'s, or `Sec-Fetch-Site: cross-site`, is 403 `forbidden_origin`). The body carries the client secret, the page origin the browser reported to the frame (`location.ancestorOrigins`), and the card. The parent page never sees a value: it gets only this answer\'s fields, through the frame.',
    'Order of checks: unknown session 404; expired (past `expires_at` or too many failures) 410 `collect_session_expired` (`Collect session expired`); a wrong, another session\'s or an already used client secret 401 `invalid_client_secret` (`Invalid client secret`); another page origin 403 `forbidden_origin`; then the card (400 naming the field, never echoing a value; the CVC length follows the brand; a card past its expiry month is refused).',
    `Each failed submission counts: the ${MAX_COLLECT_FAILURES}th expires the session. Submissions are also limited per client IP across sessions (\`COLLECT_SUBMIT_LIMIT_PER_MINUTE\`, default 20 a minute; beyond it 429 \`rate_limited\` with \`Retry-After\`). Tokenized like POST /tokenize (same rules, a \`tokenize\` audit row in the token's own statement, a single-use CVC session when a CVC was collected); the call itself is audited as \`collect_session.submit\`. One submission runs at a time per session: a second while the first runs is 409 \`conflict\`.`,
  ].join('\n\n'),
  auth: checkoutCustomerAuth('collect_session.submit', { param: 'id', resourceOf: (id) => (isCollectSessionId(id) ? `collect_session:${id}` : null) }),
  request: { params: collectSessionParams, body: json(ZSubmitCollectSessionRequest) },
  responses: {
    201: ok('Tokenized; the session is completed.', ZCollectSessionResult),
    401: error('`invalid_client_secret` (`Invalid client secret`).'),
    404: error('`not_found` (`Collect session not found`).'),
    409: error('`conflict`: another submission of this session is running.'),
    410: error('`collect_session_expired` (`Collect session expired`).'),
    429: { ...error('`rate_limited` (`Too many requests`).'), headers: retryAfter },
  },
  handler: async (call) => {
    await limitCollectSubmit(call.runtime, call.ip);
    const result = await submitCollectSession(call.runtime, {
      sessionId: call.sessionId,
      body: () => parseJsonRequest(call.request, call.body),
      requestId: call.requestId,
      ip: call.ip,
      audit: call.audit,
    });
    return call.json(201, result);
  },
});
