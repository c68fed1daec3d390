// GET /api/applications/{id} — one application of the account (any role); its key prefix, never the key.
import { getApplicationOrThrow } from '../../applications/get-application-or-throw';
import { presentApplication } from '../../applications/present-application';
import { ZApplicationResponse } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../../http/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, idParam, ok } from '../../openapi/shared';
import { applicationNotFound } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/applications/{id}',
  operationId: 'getApplication',
  tags: ['Applications'],
  summary: 'Get one application',
  description: `${ANY_ROLE} Key prefix only, never the key. ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: idParam('Application') },
  responses: { 200: ok('The application.', ZApplicationResponse), ...applicationNotFound },
  handler: async (call) => {
    const application = await getApplicationOrThrow(call.runtime, { accountId: call.user.accountId, applicationId: call.params.id ?? '' });
    return call.json(200, { success: true, data: presentApplication(application) });
  },
});
