// GET /api/projects — the account's projects (any role); POST /api/projects — create one (owner/admin).
import { parseJsonRequest } from '../../http/read-body';
import { sessionRoute } from '../../http/session-route';
import { createAccountProject } from '../../projects/create-account-project';
import { listProjects } from '../../projects/list-projects';
import { ZCreateProjectRequestSchema } from '../../projects/schemas';
import { auditResource, managedRoute } from '../../http/managed-route';

export const GET = sessionRoute({}, async (call) => {
  return call.json(200, { success: true, data: await listProjects(call.runtime, { accountId: call.user.accountId }) });
});

export const POST = managedRoute('project.create', async (call, target) => {
  const input = ZCreateProjectRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const project = await createAccountProject(call.runtime, { accountId: call.user.accountId, ...input });
  Object.assign(target, { projectId: project.id, resource: auditResource('project.create', project.id) });
  return call.json(201, { success: true, data: project });
});
