// POST /internal/provision — an API key with the provisioning permission creates a sub-project in its
// account and an application allowed to tokenize there; the api_key (and pub_key) are shown once.
import { apiRoute } from '../http/api-route';
import { VaultError, messages } from '../http/errors';
import { parseJsonRequest } from '../http/read-body';
import { provisionProject } from '../projects/provision-project';
import { ZProvisionRequestSchema } from '../projects/schemas';

export const POST = apiRoute({ action: 'provision', tokenization: false }, async (call) => {
  if (!call.principal.application.provisioning) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
  const input = ZProvisionRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const { project, application } = await provisionProject(call.runtime, { sourceProjectId: call.principal.project.id, ...input });
  return call.json(201, {
    success: true,
    data: {
      project: { id: project.id, name: project.name, environment: project.environment, created_at: project.createdAt.toISOString() },
      application: {
        id: application.id,
        name: application.name,
        permissions: { tokenization: { allowed: application.permissions.tokenization }, provisioning: { allowed: application.permissions.provisioning } },
      },
      api_key: application.apiKey,
      ...(project.pubKey ? { pub_key: project.pubKey } : {}),
    },
  });
});
