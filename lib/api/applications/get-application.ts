// GET /api/applications/{id} — one application of the account (any role); its key prefix, never the key.
import { getApplicationView } from '../../applications/get-application-view';
import { presentApplication } from '../../applications/present-application';
import { ZApplicationResponse } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, idParam, ok } from '../../core/openapi-shapes';
import { applicationNotFound } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/applications/{id}',
  operationId: 'getApplication',
  tags: ['Applications'],
  summary: 'Get one application',
  description: `${ANY_ROLE} Key prefix only, never the key; during a rotation's grace period also when the previous key expires and how often it was used since. ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: idParam('Application') },
  responses: { 200: ok('The application.', ZApplicationResponse), ...applicationNotFound },
  handler: async (call) => {
    const application = await getApplicationView(call.runtime, { accountId: call.user.accountId, applicationId: call.params.id ?? '' });
    return call.json(200, { success: true, data: presentApplication(application) });
  },
});
