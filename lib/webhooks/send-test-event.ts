// A `webhook.test` event for one endpoint (only that one: test events are never fanned out), delivered
// like any other: signed, retried, logged. Lets a merchant check their receiver and signature code.
import { TEST_EVENT_TYPE } from '../events/event-types';
import { recordEvent } from '../events/record-event';
import { endpointDisabled } from './resend-event';
import type { Runtime } from '../runtime/types';
import { getWebhookEndpointOrThrow } from './get-webhook-endpoint-or-throw';

export async function sendTestEvent(runtime: Pick<Runtime, 'db'>, options: { accountId: string; endpointId: string }): Promise<{ projectId: string; eventId: string }> {
  const endpoint = await getWebhookEndpointOrThrow(runtime, options);
  if (!endpoint.enabled) throw endpointDisabled();
  const recorded = await recordEvent(runtime.db.sql, {
    projectId: endpoint.projectId,
    livemode: endpoint.project.environment === 'production',
    type: TEST_EVENT_TYPE,
    data: { endpoint_id: endpoint.id, message: 'A test event from Vault. Verify its signature and answer 2xx.' },
    endpointId: endpoint.id,
  });
  return { projectId: endpoint.projectId, eventId: recorded!.id };
}
