// POST /api/projects — create a project (owner/admin): test by default, production (with a pub key) on request.
import { defineRoute } from '../../http/define-route';
import { auditResource, managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, error, json, ok } from '../../core/openapi-shapes';
import { createProject } from '../../projects/create-project';
import { presentProject } from '../../projects/present-project';
import { ZCreateProjectRequestSchema, ZProjectResponse } from '../../projects/schemas';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/projects',
  operationId: 'createProject',
  tags: ['Projects'],
  summary: 'Create a project',
  description: `${MANAGERS_ONLY} \`production: true\` creates a production project with a pub key; otherwise a test project. \`searchable_metadata_keys\` and \`token_retention_days\` may be set at once (see PUT /api/projects/{id}). An account has at most MAX_PROJECTS_PER_ACCOUNT projects (default 100): beyond, 403 with \`error.code\` \`project_limit_reached\`.`,
  auth: managerAuth('project.create'),
  request: { body: json(ZCreateProjectRequestSchema) },
  responses: {
    201: ok('Created.', ZProjectResponse),
    403: error('`Insufficient permissions`: the signed-in user is not an owner or admin; `project_limit_reached`: the account has MAX_PROJECTS_PER_ACCOUNT projects.'),
  },
  handler: async (call) => {
    const input = call.input.body();
    const created = await createProject(call.runtime, {
      accountId: call.user.accountId,
      name: input.name,
      environment: input.production ? 'production' : 'test',
      searchableMetadataKeys: input.searchable_metadata_keys,
      tokenRetentionDays: input.token_retention_days,
    });
    const project = presentProject(created, created.pubKey);
    Object.assign(call.target, { projectId: project.id, resource: auditResource('project.create', project.id) });
    return call.json(201, { success: true, data: project });
  },
});
