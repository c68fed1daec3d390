// DELETE /api/projects/{id} — delete a project with its applications and tokens (owner/admin); the
// account's last test project stays.
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, error, idParam, message } from '../../core/openapi-shapes';
import { deleteProject } from '../../projects/delete-project';
import { projectNotFound } from './docs';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/projects/{id}',
  operationId: 'deleteProject',
  tags: ['Projects'],
  summary: 'Delete a project with its applications and tokens',
  description: `${MANAGERS_ONLY} The account's last test project cannot be deleted (409). ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('project.delete'),
  request: { params: idParam('Project') },
  responses: {
    200: message('`Project deleted`.'),
    ...projectNotFound,
    409: error('`conflict`: the account\'s last test project.'),
  },
  handler: async (call) => {
    await deleteProject(call.runtime, { accountId: call.user.accountId, projectId: call.params.id ?? '' });
    call.target.projectId = call.params.id ?? '';
    return call.json(200, { success: true, message: 'Project deleted' });
  },
});
