// DELETE /api/applications/{id} — delete an application (owner/admin); its key stops working at once.
import { deleteApplication } from '../../applications/delete-application';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, idParam, message } from '../../core/openapi-shapes';
import { applicationNotFound } from './docs';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/applications/{id}',
  operationId: 'deleteApplication',
  tags: ['Applications'],
  summary: 'Delete an application',
  description: `${MANAGERS_ONLY} Its API key stops working at once. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('application.delete'),
  request: { params: idParam('Application') },
  responses: { 200: message('`Application deleted`.'), ...applicationNotFound },
  handler: async (call) => {
    const deleted = await deleteApplication(call.runtime, { accountId: call.user.accountId, applicationId: call.params.id ?? '' });
    Object.assign(call.target, { projectId: deleted.projectId, applicationId: deleted.id });
    return call.json(200, { success: true, message: 'Application deleted' });
  },
});
