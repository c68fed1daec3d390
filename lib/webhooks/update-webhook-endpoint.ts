// Changes an endpoint's URL, subscriptions, description or state. Enabling clears the reason it was
// disabled and its failure streak; disabling (reason `manual`) cancels its waiting deliveries in the same
// transaction (a replay can send them later).
import type { Runtime } from '../runtime/types';
import { assertEndpointUrl } from './assert-endpoint-url';
import { endpointColumns, getWebhookEndpointOrThrow, type EndpointRow } from './get-webhook-endpoint-or-throw';
import { CANCEL_WAITING } from './record-delivery-attempt';
import type { TUpdateWebhookEndpointRequest } from './schemas';

export async function updateWebhookEndpoint(
  runtime: Pick<Runtime, 'db' | 'webhookAllowedPrivateHosts'>,
  options: { accountId: string; endpointId: string; input: TUpdateWebhookEndpointRequest },
): Promise<EndpointRow> {
  const { input } = options;
  const current = await getWebhookEndpointOrThrow(runtime, options);
  if (input.url !== undefined) assertEndpointUrl(input.url, { environment: current.project.environment, allowedPrivateHosts: runtime.webhookAllowedPrivateHosts });
  const enabling = input.enabled === true && !current.enabled;
  const disabling = input.enabled === false && current.enabled;
  return runtime.db.prisma.$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.event_types !== undefined ? { eventTypes: input.event_types } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(enabling ? { enabled: true, disabledReason: null, failingSince: null } : {}),
        ...(disabling ? { enabled: false, disabledReason: 'manual' } : {}),
      },
      select: endpointColumns,
    });
    if (disabling) await tx.$executeRawUnsafe(CANCEL_WAITING, current.id);
    return row;
  });
}
