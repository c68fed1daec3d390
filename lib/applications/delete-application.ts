// Deletes an application for good: the row goes (audit rows keep its id, tokens keep theirs; neither
// has a foreign key to it) and its key stops working at once on this node. `application.deleted` is written
// in the delete's transaction, by the delete that removed the row only.
import { forgetApplication } from '../api-keys/api-key-cache';
import { applicationDeletedData } from '../events/application-event-data';
import { isLivemode } from '../events/livemode';
import { prismaSql } from '../events/prisma-sql';
import { recordEvent } from '../events/record-event';
import type { Runtime } from '../runtime/types';
import { getApplicationOrThrow } from './get-application-or-throw';

export async function deleteApplication(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; applicationId: string },
): Promise<{ id: string; projectId: string }> {
  const application = await getApplicationOrThrow(runtime, options);
  await runtime.db.prisma.$transaction(async (tx) => {
    const { count } = await tx.application.deleteMany({ where: { id: application.id } });
    if (count === 0) return;
    const event = { projectId: application.projectId, livemode: isLivemode(application.environment), type: 'application.deleted' as const };
    await recordEvent(prismaSql(tx), { ...event, data: applicationDeletedData(application) });
  });
  forgetApplication(application.id);
  return { id: application.id, projectId: application.projectId };
}
