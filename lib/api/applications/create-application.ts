// POST /api/applications — create an application (owner/admin); its API key is shown this once.
import { createApplication } from '../../applications/create-application';
import { presentPermissions } from '../../applications/present-application';
import { ZCreateApplicationRequestSchema, ZCreatedApplication } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { getAccountProjectOrThrow } from '../../projects/get-account-project-or-throw';
import { auditResource, managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, dataResponse, error, json, ok } from '../../core/openapi-shapes';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/applications',
  operationId: 'createApplication',
  tags: ['Applications'],
  summary: 'Create an application and its API key',
  description: `${MANAGERS_ONLY} The API key is returned this once. \`permissions.detokenize\` (reveal, POST /detokenize) follows \`permissions.tokenization\` when absent; set it false for a key that tokenizes and proxies but never reveals. \`permissions.search\` (POST /tokens/search) is off unless given. Without \`project_id\` the application goes to the account's oldest test project; a \`project_id\` of another account is 404.`,
  auth: managerAuth('application.create'),
  request: { body: json(ZCreateApplicationRequestSchema) },
  responses: {
    201: ok('Created; `api_key` is shown only now.', dataResponse('CreatedApplicationResponse', ZCreatedApplication)),
    404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`),
  },
  handler: async (call) => {
    const input = call.input.body();
    const project = await getAccountProjectOrThrow(call.runtime, { accountId: call.user.accountId, projectId: input.project_id });
    const created = await createApplication(call.runtime, {
      projectId: project.id,
      environment: project.environment,
      name: input.name,
      permissions: {
        tokenization: input.permissions.tokenization.allowed,
        detokenize: input.permissions.detokenize?.allowed,
        provisioning: input.permissions.provisioning.allowed,
        search: input.permissions.search?.allowed,
      },
    });
    Object.assign(call.target, { projectId: created.projectId, applicationId: created.id, resource: auditResource('application.create', created.id) });
    return call.json(201, {
      success: true,
      data: {
        id: created.id,
        name: created.name,
        api_key: created.apiKey,
        permissions: presentPermissions(created.permissions),
        created_at: created.createdAt.toISOString(),
        project_id: created.projectId,
      },
    });
  },
});
