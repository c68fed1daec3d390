// Deletes an endpoint with its deliveries and their attempts (cascade); the events stay (GET /api/events).
import type { Runtime } from '../runtime/types';
import { getWebhookEndpointOrThrow } from './get-webhook-endpoint-or-throw';

export async function deleteWebhookEndpoint(runtime: Pick<Runtime, 'db'>, options: { accountId: string; endpointId: string }): Promise<{ projectId: string }> {
  const endpoint = await getWebhookEndpointOrThrow(runtime, options);
  await runtime.db.prisma.webhookEndpoint.deleteMany({ where: { id: endpoint.id } });
  return { projectId: endpoint.projectId };
}
