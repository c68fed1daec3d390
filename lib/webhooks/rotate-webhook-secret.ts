// A new signing secret, returned this once. For `graceSeconds` the previous one keeps signing too (each
// delivery then carries both signatures), so receivers can switch without losing a delivery; 0 ends the
// previous secret at once. A rotation during an overlap replaces the older secret.
import type { Runtime } from '../runtime/types';
import { projectKeyRef, sealEndpointSecret } from './endpoint-secret';
import { endpointColumns, getWebhookEndpointOrThrow, type EndpointRow } from './get-webhook-endpoint-or-throw';
import { newWebhookSecret } from './signature';

export async function rotateWebhookSecret(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; endpointId: string; graceSeconds: number; now?: Date },
): Promise<{ row: EndpointRow; secret: string }> {
  const endpoint = await getWebhookEndpointOrThrow(runtime, options);
  const now = options.now ?? new Date();
  const secret = newWebhookSecret();
  const sealed = sealEndpointSecret(runtime, await projectKeyRef(runtime, endpoint.projectId), endpoint.id, secret);
  const { secretSealed, secretKeyVersion } = await runtime.db.prisma.webhookEndpoint.findUniqueOrThrow({
    where: { id: endpoint.id },
    select: { secretSealed: true, secretKeyVersion: true },
  });
  const keepPrevious = options.graceSeconds > 0;
  const row = await runtime.db.prisma.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      secretSealed: sealed.sealed,
      secretKeyVersion: sealed.keyVersion,
      previousSecretSealed: keepPrevious ? secretSealed : null,
      previousSecretKeyVersion: keepPrevious ? secretKeyVersion : null,
      previousSecretExpiresAt: keepPrevious ? new Date(now.getTime() + options.graceSeconds * 1000) : null,
    },
    select: endpointColumns,
  });
  return { row, secret };
}
