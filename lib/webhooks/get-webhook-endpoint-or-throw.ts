// One webhook endpoint of the caller's account. Another account's endpoint and an id that is not even a
// UUID are the same 404, so a caller learns nothing about other tenants.
import { VaultError } from '../core/errors';
import { isUuid } from '../core/uuid';
import type { Runtime } from '../runtime/types';

export const webhookEndpointNotFound = () => new VaultError('not_found', 'Webhook endpoint not found');

export const endpointColumns = {
  id: true,
  projectId: true,
  url: true,
  eventTypes: true,
  description: true,
  enabled: true,
  disabledReason: true,
  previousSecretExpiresAt: true,
  failingSince: true,
  createdAt: true,
  updatedAt: true,
  project: { select: { environment: true } },
} as const;

export type EndpointRow = Awaited<ReturnType<typeof getWebhookEndpointOrThrow>>;

export async function getWebhookEndpointOrThrow(runtime: Pick<Runtime, 'db'>, options: { accountId: string; endpointId: string }) {
  if (!isUuid(options.endpointId)) throw webhookEndpointNotFound();
  const row = await runtime.db.prisma.webhookEndpoint.findFirst({
    where: { id: options.endpointId, project: { accountId: options.accountId } },
    select: endpointColumns,
  });
  if (!row) throw webhookEndpointNotFound();
  return row;
}
