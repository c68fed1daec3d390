// GET /api/projects/{id} — one project of the account (any role), with the pub key of a production project.
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, idParam, ok } from '../../core/openapi-shapes';
import { getProjectOrThrow } from '../../projects/get-project-or-throw';
import { ZProjectResponse } from '../../projects/schemas';
import { projectNotFound } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/projects/{id}',
  operationId: 'getProject',
  tags: ['Projects'],
  summary: 'Get one project',
  description: `${ANY_ROLE} Includes the pub key of production projects and \`allowed_proxy_hosts\` (null: any public host). ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: idParam('Project') },
  responses: { 200: ok('The project.', ZProjectResponse), ...projectNotFound },
  handler: async (call) => {
    const project = await getProjectOrThrow(call.runtime, { accountId: call.user.accountId, projectId: call.params.id ?? '' });
    return call.json(200, { success: true, data: project });
  },
});
