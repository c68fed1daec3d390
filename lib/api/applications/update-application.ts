// PUT /api/applications/{id} — rename an application or change its permissions (owner/admin).
import { presentApplication } from '../../applications/present-application';
import { ZApplicationResponse, ZUpdateApplicationRequestSchema } from '../../applications/schemas';
import { updateApplication } from '../../applications/update-application';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, idParam, json, ok } from '../../core/openapi-shapes';
import { applicationNotFound } from './docs';

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/applications/{id}',
  operationId: 'updateApplication',
  tags: ['Applications'],
  summary: 'Rename an application or change its permissions',
  description: `${MANAGERS_ONLY} A permission the body does not name is unchanged: \`permissions.detokenize\` (reveal) is never granted by a body that names only \`permissions.tokenization\`. A change applies to the key at once on this node, within 5 s on others. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('application.update'),
  request: { params: idParam('Application'), body: json(ZUpdateApplicationRequestSchema) },
  responses: { 200: ok('Updated.', ZApplicationResponse), ...applicationNotFound },
  handler: async (call) => {
    const input = call.input.body();
    const application = await updateApplication(call.runtime, {
      accountId: call.user.accountId,
      applicationId: call.params.id ?? '',
      name: input.name,
      tokenization: input.permissions?.tokenization?.allowed,
      detokenize: input.permissions?.detokenize?.allowed,
      provisioning: input.permissions?.provisioning?.allowed,
      search: input.permissions?.search?.allowed,
    });
    Object.assign(call.target, { projectId: application.projectId, applicationId: application.id });
    return call.json(200, { success: true, data: presentApplication(application) });
  },
});
