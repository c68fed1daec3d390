// POST /internal/provision — an API key with the provisioning permission creates a sub-project in its
// account and an application allowed to tokenize there; the api_key (and pub_key) are shown once.
import { presentPermissions } from '../applications/present-application';
import { apiKeyAuth } from './auth/api-route';
import { defineRoute } from '../http/define-route';
import { VaultError, messages } from '../core/errors';
import { error, json, ok } from '../core/openapi-shapes';
import { provisionProject } from '../applications/provision-project';
import { ZProvisionRequestSchema, ZProvisionResponse } from '../applications/provision-schemas';

export const POST = defineRoute({
  method: 'POST',
  path: '/internal/provision',
  operationId: 'provisionProject',
  tags: ['Projects'],
  summary: 'Provision a sub-project and an application (API key)',
  description:
    'Called with an API key that has the **provisioning** permission (403 otherwise): creates a project in the key\'s account and an application allowed to tokenize (and detokenize) there; `permissions` (as on POST /api/applications, without `provisioning`) changes that, e.g. `{"detokenize":{"allowed":false}}` for a key without reveal. `api_key` (and `pub_key` for production) are shown once. A test project\'s key creates test projects only (`production: true` → 403 `Insufficient permissions`); the account\'s project cap (MAX_PROJECTS_PER_ACCOUNT, default 100) applies (403 `project_limit_reached`).',
  auth: apiKeyAuth({ action: 'provision', tokenization: false }),
  request: { body: json(ZProvisionRequestSchema) },
  responses: {
    201: ok('Provisioned.', ZProvisionResponse),
    403: error(
      '`Insufficient permissions`: the key lacks the provisioning permission, or a test project\'s key asks for a production project; `project_limit_reached`: the account has MAX_PROJECTS_PER_ACCOUNT projects.',
    ),
  },
  handler: async (call) => {
    if (!call.principal.application.provisioning) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
    const input = call.input.body();
    const { project, application } = await provisionProject(call.runtime, {
      sourceProjectId: call.principal.project.id,
      name: input.name,
      production: input.production,
      permissions: { tokenization: input.permissions?.tokenization?.allowed, detokenize: input.permissions?.detokenize?.allowed },
    });
    return call.json(201, {
      success: true,
      data: {
        project: { id: project.id, name: project.name, environment: project.environment, created_at: project.createdAt.toISOString() },
        application: {
          id: application.id,
          name: application.name,
          permissions: presentPermissions(application.permissions),
        },
        api_key: application.apiKey,
        ...(project.pubKey ? { pub_key: project.pubKey } : {}),
      },
    });
  },
});
