// GET /api/projects/{id} — details (pub key of production projects); PUT — rename / rotate the pub key;
// DELETE — remove with its applications and tokens. Another account's project is 404.
import { parseJsonRequest } from '../../http/read-body';
import { sessionRoute } from '../../http/session-route';
import { deleteProject } from '../../projects/delete-project';
import { getProjectOrThrow } from '../../projects/get-project-or-throw';
import { ZUpdateProjectRequestSchema } from '../../projects/schemas';
import { updateProject } from '../../projects/update-project';
import { managedRoute } from '../../http/managed-route';

export const GET = sessionRoute({}, async (call) => {
  const project = await getProjectOrThrow(call.runtime, { accountId: call.user.accountId, projectId: (call.params.id ?? '') });
  return call.json(200, { success: true, data: project });
});

export const PUT = managedRoute('project.update', async (call, target) => {
  const input = ZUpdateProjectRequestSchema.parse(parseJsonRequest(call.request, call.body));
  const scope = { accountId: call.user.accountId, projectId: (call.params.id ?? '') };
  const project = await updateProject(call.runtime, { ...scope, name: input.name, rotatePubKey: input.rotate_pub_key });
  target.projectId = project.id;
  return call.json(200, { success: true, data: project });
});

export const DELETE = managedRoute('project.delete', async (call, target) => {
  await deleteProject(call.runtime, { accountId: call.user.accountId, projectId: (call.params.id ?? '') });
  target.projectId = (call.params.id ?? '');
  return call.json(200, { success: true, message: 'Project deleted' });
});
