// GET /collect-sessions/{id} — the merchant's server reads a collect session and, once completed, its token.
import { getCollectSession, presentCollectSession } from '../../collect/read-collect-session';
import { ZCollectSessionView } from '../../collect/schemas';
import { ok } from '../../core/openapi-shapes';
import { defineRoute } from '../../http/define-route';
import { apiKeyAuth } from '../auth/api-route';
import { collectNotFound, collectSessionParams } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/collect-sessions/{id}',
  operationId: 'getCollectSession',
  tags: ['Vault Elements'],
  summary: 'Read a collect session',
  description:
    '`status` is `open`, `completed` or `expired` (past `expires_at`, or after 5 failed submissions). Once completed it also gives `token`, `cvc_session_id` (when a CVC was collected), `brand`, `last4`, `exp_month` and `exp_year`: confirm the result on your server rather than trusting the page. It never carries card data. Same key requirements as the create; another project\'s session is 404 like an unknown one.',
  auth: apiKeyAuth({ action: 'collect_session.get', tokenization: true, pubKey: true }),
  request: { params: collectSessionParams },
  responses: { 200: ok('The session.', ZCollectSessionView), 404: collectNotFound },
  handler: async (call) => {
    const row = await getCollectSession(call.runtime, call.principal.project.id, call.params.id ?? '');
    call.audit.resource = `collect_session:${row.id}`;
    return call.json(200, presentCollectSession(row));
  },
});
