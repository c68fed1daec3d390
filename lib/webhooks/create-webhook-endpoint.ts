// A new endpoint in one of the caller's account's projects (default: its oldest test project), with a new
// signing secret returned this once and stored sealed. At most 16 per project: the count and the insert
// happen under a per-project lock, so concurrent creations cannot pass the limit together.
import { randomUUID } from 'node:crypto';
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { assertEndpointUrl } from './assert-endpoint-url';
import { projectKeyRef, sealEndpointSecret } from './endpoint-secret';
import { endpointColumns, type EndpointRow } from './get-webhook-endpoint-or-throw';
import { MAX_ENDPOINTS_PER_PROJECT, type TCreateWebhookEndpointRequest } from './schemas';
import { newWebhookSecret } from './signature';

export const lockProjectEndpoints = 'SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext($1))) AS held';

export async function createWebhookEndpoint(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'webhookAllowedPrivateHosts'>,
  options: { accountId: string; input: TCreateWebhookEndpointRequest },
): Promise<{ row: EndpointRow; secret: string }> {
  const { input } = options;
  const project = await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: input.project_id });
  assertEndpointUrl(input.url, { environment: project.environment, allowedPrivateHosts: runtime.webhookAllowedPrivateHosts });
  const id = randomUUID();
  const secret = newWebhookSecret();
  const sealed = sealEndpointSecret(runtime, await projectKeyRef(runtime, project.id), id, secret);
  const row = await runtime.db.prisma.$transaction(async (tx) => {
    await tx.$queryRawUnsafe(lockProjectEndpoints, `webhook-endpoints:${project.id}`);
    if ((await tx.webhookEndpoint.count({ where: { projectId: project.id } })) >= MAX_ENDPOINTS_PER_PROJECT) {
      throw new VaultError('webhook_endpoint_limit_reached', `A project has at most ${MAX_ENDPOINTS_PER_PROJECT} webhook endpoints`);
    }
    return tx.webhookEndpoint.create({
      data: {
        id,
        projectId: project.id,
        url: input.url,
        eventTypes: input.event_types,
        description: input.description,
        enabled: input.enabled,
        disabledReason: input.enabled ? null : 'manual',
        secretSealed: sealed.sealed,
        secretKeyVersion: sealed.keyVersion,
      },
      select: endpointColumns,
    });
  });
  return { row, secret };
}
