// GET /api/applications — the account's applications (any role), optionally of one project; no keys.
import { z } from 'zod';
import { listApplications } from '../../applications/list-applications';
import { presentApplication } from '../../applications/present-application';
import { ZApplicationView, ZListApplicationsQuerySchema } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, dataResponse, ok } from '../../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/applications',
  operationId: 'listApplications',
  tags: ['Applications'],
  summary: 'List the account\'s applications',
  description: `${ANY_ROLE} Optionally only those of one project. Never returns keys, only their prefix.`,
  auth: sessionAuth(),
  request: { query: ZListApplicationsQuerySchema },
  responses: {
    200: ok('Applications.', dataResponse('ApplicationList', z.array(ZApplicationView))),
  },
  handler: async (call) => {
    const query = call.input.query();
    const rows = await listApplications(call.runtime, { accountId: call.user.accountId, projectId: query.project_id });
    return call.json(200, { success: true, data: rows.map(presentApplication) });
  },
});
