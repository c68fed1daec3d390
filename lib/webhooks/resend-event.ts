// Sends an event again: to one endpoint of its project, or to every enabled endpoint subscribed to its type
// now (a test event: to the endpoints it was sent to). A disabled endpoint is a 409: enable it first.
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { getWebhookEndpointOrThrow, webhookEndpointNotFound } from './get-webhook-endpoint-or-throw';
import { TEST_EVENT_TYPE } from '../events/event-types';
import { getEventOrThrow } from '../events/get-event-or-throw';
import { queueDeliveries } from '../events/queue-deliveries';

export const endpointDisabled = () => new VaultError('conflict', 'Webhook endpoint is disabled');

export async function resendEvent(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; eventId: string; endpointId?: string },
): Promise<{ projectId: string; deliveries: { id: string; endpoint_id: string }[] }> {
  const event = await getEventOrThrow(runtime, options);
  let endpointIds: string[];
  if (options.endpointId) {
    const endpoint = await getWebhookEndpointOrThrow(runtime, { accountId: options.accountId, endpointId: options.endpointId });
    if (endpoint.projectId !== event.projectId) throw webhookEndpointNotFound();
    if (!endpoint.enabled) throw endpointDisabled();
    endpointIds = [endpoint.id];
  } else {
    const endpoints = await runtime.db.prisma.webhookEndpoint.findMany({
      where:
        event.type === TEST_EVENT_TYPE
          ? { projectId: event.projectId, enabled: true, deliveries: { some: { eventId: event.id } } }
          : { projectId: event.projectId, enabled: true, OR: [{ eventTypes: { has: event.type } }, { eventTypes: { has: '*' } }] },
      select: { id: true },
    });
    endpointIds = endpoints.map((endpoint) => endpoint.id);
  }
  return { projectId: event.projectId, deliveries: await queueDeliveries(runtime, { eventId: event.id, projectId: event.projectId, endpointIds }) };
}
