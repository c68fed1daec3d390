// PUT /api/projects/{id} — rename a project, set its destination allow-list or rotate its pub key (owner/admin).
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, idParam, json, ok } from '../../core/openapi-shapes';
import { ZProjectResponse, ZUpdateProjectRequestSchema } from '../../projects/schemas';
import { updateProject } from '../../projects/update-project';
import { projectNotFound } from './docs';

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/projects/{id}',
  operationId: 'updateProject',
  tags: ['Projects'],
  summary: 'Rename a project, set its destination allow-list or rotate its pub key',
  description: `${MANAGERS_ONLY} \`allowed_proxy_hosts\` sets the hosts this project's card data may be sent to (POST /proxy/transaction and its merchants' http processors; entries are stored normalised, duplicates dropped), \`null\` clears it (any public host). A change applies at once on the node that made it, within 5 s on the others (API keys cache their project). Every attempt is audited as \`project.update\`. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('project.update'),
  request: { params: idParam('Project'), body: json(ZUpdateProjectRequestSchema) },
  responses: { 200: ok('Updated.', ZProjectResponse), ...projectNotFound },
  handler: async (call) => {
    const input = call.input.body();
    const project = await updateProject(call.runtime, { accountId: call.user.accountId, projectId: call.params.id ?? '', name: input.name, rotatePubKey: input.rotate_pub_key, allowedProxyHosts: input.allowed_proxy_hosts });
    call.target.projectId = project.id;
    return call.json(200, { success: true, data: project });
  },
});
