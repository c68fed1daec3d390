// One event of the caller's account, as stored (its envelope is the exact JSON every delivery sent).
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import type { Envelope } from './record-event';
import { isEventId } from './schemas';

export const eventNotFound = () => new VaultError('not_found', 'Event not found');

export async function getEventOrThrow(runtime: Pick<Runtime, 'db'>, options: { accountId: string; eventId: string }): Promise<{ id: string; projectId: string; type: string; envelope: Envelope }> {
  if (!isEventId(options.eventId)) throw eventNotFound();
  const row = await runtime.db.prisma.webhookEvent.findFirst({
    where: { id: options.eventId, project: { accountId: options.accountId } },
    select: { id: true, projectId: true, type: true, body: true },
  });
  if (!row) throw eventNotFound();
  return { id: row.id, projectId: row.projectId, type: row.type, envelope: JSON.parse(row.body) as Envelope };
}
