// POST /api/applications — create an application (owner/admin); its API key is shown this once.
import { createAccountApplication } from '../../applications/create-account-application';
import { ZCreateApplicationRequestSchema } from '../../applications/schemas';
import { parseJsonRequest } from '../../http/read-body';
import { auditResource, managedRoute } from '../../http/managed-route';

export const POST = managedRoute('application.create', async (call, target) => {
  const input = ZCreateApplicationRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const created = await createAccountApplication(call.runtime, {
    accountId: call.user.accountId,
    projectId: input.project_id,
    name: input.name,
    permissions: { tokenization: input.permissions.tokenization.allowed, provisioning: input.permissions.provisioning.allowed },
  });
  Object.assign(target, { projectId: created.projectId, applicationId: created.id, resource: auditResource('application.create', created.id) });
  return call.json(201, {
    success: true,
    data: {
      id: created.id,
      name: created.name,
      api_key: created.apiKey,
      permissions: { tokenization: { allowed: created.permissions.tokenization }, provisioning: { allowed: created.permissions.provisioning } },
      created_at: created.createdAt.toISOString(),
      project_id: created.projectId,
    },
  });
});
