// PUT /api/projects/{id} — rename a project, set its destination allow-list or token settings, or rotate its pub key (owner/admin).
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, idParam, json, ok } from '../../core/openapi-shapes';
import { ZProjectResponse, ZUpdateProjectRequestSchema } from '../../projects/schemas';
import { updateProject } from '../../projects/update-project';
import { reindexMetadataInline } from '../../tokens/reindex-metadata';
import { projectNotFound } from './docs';

export const PUT = defineRoute({
  method: 'PUT',
  path: '/api/projects/{id}',
  operationId: 'updateProject',
  tags: ['Projects'],
  summary: 'Rename a project, set its destination allow-list or token settings, or rotate its pub key',
  description: [
    `${MANAGERS_ONLY} \`allowed_proxy_hosts\` sets the hosts this project's card data may be sent to (POST /proxy/transaction and its merchants' http processors; entries are stored normalised, duplicates dropped), \`null\` clears it (any public host). A change applies at once on the node that made it, within 5 s on the others (API keys cache their project). Every attempt is audited as \`project.update\`. ${OTHER_ACCOUNT_404}`,
    'Token settings: `searchable_metadata_keys` replaces the list of metadata keys searches may filter on. A key removed loses its index entries in the same update. A key added is indexed for the tokens made before: during this call for up to 2 s (a small project is searchable when it answers), then in the background (a node with WEBHOOK_WORKER=on); `metadata_keys_indexing` lists the keys still being indexed, and a search on one answers 409 `conflict` until then. `token_retention_days` expires tokens unused for that many days (`null`: never), from the next call on.',
  ].join('\n\n'),
  auth: managerAuth('project.update'),
  request: { params: idParam('Project'), body: json(ZUpdateProjectRequestSchema) },
  responses: { 200: ok('Updated.', ZProjectResponse), ...projectNotFound },
  handler: async (call) => {
    const input = call.input.body();
    const project = await updateProject(call.runtime, {
      accountId: call.user.accountId,
      projectId: call.params.id ?? '',
      name: input.name,
      rotatePubKey: input.rotate_pub_key,
      allowedProxyHosts: input.allowed_proxy_hosts,
      searchableMetadataKeys: input.searchable_metadata_keys,
      tokenRetentionDays: input.token_retention_days,
      afterReindexStarted: (projectId) => reindexMetadataInline(call.runtime, projectId),
    });
    call.target.projectId = project.id;
    return call.json(200, { success: true, data: project });
  },
});
