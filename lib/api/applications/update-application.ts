// PUT /api/applications/{application_id} — rename an application or change its permissions (owner/admin).
import { presentApplication } from '../../applications/present-application';
import { ZUpdateApplicationRequestSchema } from '../../applications/schemas';
import { updateApplication } from '../../applications/update-application';
import { parseJsonRequest } from '../../http/read-body';
import { managedRoute } from '../../http/managed-route';

export const PUT = managedRoute('application.update', async (call, target) => {
  const input = ZUpdateApplicationRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const application = await updateApplication(call.runtime, {
    accountId: call.user.accountId,
    applicationId: call.params.id ?? '',
    name: input.name,
    tokenization: input.permissions?.tokenization?.allowed,
    provisioning: input.permissions?.provisioning?.allowed,
  });
  Object.assign(target, { projectId: application.projectId, applicationId: application.id });
  return call.json(200, { success: true, data: presentApplication(application) });
});
