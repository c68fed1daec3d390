// The account's endpoints (optionally of one project), oldest first, each with its health.
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { Runtime } from '../runtime/types';
import { endpointHealth, NO_HEALTH, type EndpointHealth } from './endpoint-health';
import { endpointColumns, type EndpointRow } from './get-webhook-endpoint-or-throw';

export async function listWebhookEndpoints(runtime: Pick<Runtime, 'db'>, options: { accountId: string; projectId?: string }): Promise<{ row: EndpointRow; health: EndpointHealth }[]> {
  if (options.projectId) await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  const rows = await runtime.db.prisma.webhookEndpoint.findMany({
    where: { project: { accountId: options.accountId }, ...(options.projectId ? { projectId: options.projectId } : {}) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: endpointColumns,
  });
  const health = await endpointHealth(runtime, rows.map((row) => row.id));
  return rows.map((row) => ({ row, health: health.get(row.id) ?? NO_HEALTH }));
}
