// GET /api/applications/{id} — one application of the account (any role); its key prefix, never the key.
import { getApplicationOrThrow } from '../../applications/get-application-or-throw';
import { presentApplication } from '../../applications/present-application';
import { sessionRoute } from '../../http/session-route';

export const GET = sessionRoute({}, async (call) => {
  const application = await getApplicationOrThrow(call.runtime, { accountId: call.user.accountId, applicationId: call.params.id ?? '' });
  return call.json(200, { success: true, data: presentApplication(application) });
});
