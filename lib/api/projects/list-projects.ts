// GET /api/projects — the account's projects (any role), with the pub key of production projects and each
// project's destination allow-list.
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, dataResponse, ok } from '../../core/openapi-shapes';
import { listProjects } from '../../projects/list-projects';
import { ZProjectView } from '../../projects/schemas';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/projects',
  operationId: 'listProjects',
  tags: ['Projects'],
  summary: 'List the account\'s projects',
  description: `${ANY_ROLE} Each project shows \`allowed_proxy_hosts\`: the hosts its card data may be sent to (null: any public host).`,
  auth: sessionAuth(),
  responses: { 200: ok('Projects.', dataResponse('ProjectList', z.array(ZProjectView))) },
  handler: async (call) => {
    return call.json(200, { success: true, data: await listProjects(call.runtime, { accountId: call.user.accountId }) });
  },
});
