// DELETE /api/applications/{id} — delete an application (owner/admin); its key stops working at once.
import { deleteApplication } from '../../applications/delete-application';
import { managedRoute } from '../../http/managed-route';

export const DELETE = managedRoute('application.delete', async (call, target) => {
  const deleted = await deleteApplication(call.runtime, { accountId: call.user.accountId, applicationId: call.params.id ?? '' });
  Object.assign(target, { projectId: deleted.projectId, applicationId: deleted.id });
  return call.json(200, { success: true, message: 'Application deleted' });
});
