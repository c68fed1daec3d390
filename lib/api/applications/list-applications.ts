// GET /api/applications — the account's applications (any role), optionally of one project; no keys.
import { listApplications } from '../../applications/list-applications';
import { presentApplication } from '../../applications/present-application';
import { ZListApplicationsQuerySchema } from '../../applications/schemas';
import { sessionRoute } from '../../http/session-route';

export const GET = sessionRoute({}, async (call) => {
  const query = ZListApplicationsQuerySchema.parse(Object.fromEntries(new URL(call.request.url).searchParams));
  const rows = await listApplications(call.runtime, { accountId: call.user.accountId, projectId: query.project_id });
  return call.json(200, { success: true, data: rows.map(presentApplication) });
});
