// Re-sends every failed delivery of an endpoint created in [from, to): each event whose latest delivery to
// the endpoint ended exhausted or cancelled gets a new delivery (due now, a fresh retry schedule). Events
// already re-sent, or delivered since, are not sent again.
import { notifyWorkers } from '../events/queue-deliveries';
import { endpointDisabled } from './resend-event';
import type { Runtime } from '../runtime/types';
import { getWebhookEndpointOrThrow } from './get-webhook-endpoint-or-throw';

const REPLAY = `
  INSERT INTO webhook_deliveries (id, event_id, endpoint_id, project_id)
  SELECT gen_random_uuid(), failed.event_id, failed.endpoint_id, failed.project_id
  FROM webhook_deliveries failed
  WHERE failed.endpoint_id = $1::uuid AND failed.status IN ('exhausted', 'cancelled')
    AND failed.created_at >= $2::timestamptz AND failed.created_at < $3::timestamptz
    AND NOT EXISTS (
      SELECT 1 FROM webhook_deliveries later
      WHERE later.event_id = failed.event_id AND later.endpoint_id = failed.endpoint_id AND later.created_at > failed.created_at
    )
  RETURNING id`;

export async function replayFailedDeliveries(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; endpointId: string; from: Date; to?: Date },
): Promise<{ projectId: string; queued: number }> {
  const endpoint = await getWebhookEndpointOrThrow(runtime, options);
  if (!endpoint.enabled) throw endpointDisabled();
  const rows = await runtime.db.sql.query(REPLAY, [endpoint.id, options.from, options.to ?? new Date()]);
  if (rows.length) await notifyWorkers(runtime);
  return { projectId: endpoint.projectId, queued: rows.length };
}
