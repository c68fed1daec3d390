// New deliveries of existing events (resend, replay, test): rows due now, then a NOTIFY so a worker picks
// them up at once. A new row per re-send keeps the earlier deliveries' attempt history as it was.
import type { Runtime } from '../runtime/types';
import { WEBHOOK_CHANNEL } from './record-event';

export async function notifyWorkers(runtime: Pick<Runtime, 'db'>): Promise<void> {
  await runtime.db.sql.query(`SELECT 1 AS notified FROM (SELECT pg_notify('${WEBHOOK_CHANNEL}', '')) AS notify`);
}

/** One delivery of `eventId` to each of `endpointIds`; their ids. */
export async function queueDeliveries(runtime: Pick<Runtime, 'db'>, options: { eventId: string; projectId: string; endpointIds: string[] }): Promise<{ id: string; endpoint_id: string }[]> {
  if (options.endpointIds.length === 0) return [];
  const rows = await runtime.db.sql.query<{ id: string; endpoint_id: string }>(
    `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, project_id)
     SELECT gen_random_uuid(), $1, endpoint_id, $2::uuid FROM unnest($3::uuid[]) AS endpoint_id
     RETURNING id, endpoint_id`,
    [options.eventId, options.projectId, options.endpointIds],
  );
  await notifyWorkers(runtime);
  return rows;
}
