// Deletes an application for good: the row goes (audit rows keep its id, tokens keep theirs; neither
// has a foreign key to it) and its key stops working at once on this node.
import { forgetApplication } from '../accounts/api-key-cache';
import type { Runtime } from '../runtime';
import { getApplicationOrThrow } from './get-application-or-throw';

export async function deleteApplication(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; applicationId: string },
): Promise<{ id: string; projectId: string }> {
  const application = await getApplicationOrThrow(runtime, options);
  await runtime.db.prisma.application.deleteMany({ where: { id: application.id } });
  forgetApplication(application.id);
  return { id: application.id, projectId: application.projectId };
}
