// POST /collect-sessions: the merchant's server opens a collect session for one page origin. The client
// secret is returned once and stored as its keyed hash only.
import type { z } from 'zod';
import type { ApiKeyPrincipal } from '../api-keys/principal';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { newCollectSession } from './collect-ids';
import { COLLECT_FIELDS, DEFAULT_COLLECT_EXPIRY_SECONDS } from './collect-rules';
import { parentOriginError } from './parent-origin';
import type { ZCollectSessionCreated, ZCreateCollectSessionRequest } from './schemas';

export async function createCollectSession(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  principal: ApiKeyPrincipal,
  body: z.output<typeof ZCreateCollectSessionRequest>,
): Promise<z.output<typeof ZCollectSessionCreated>> {
  const { project } = principal;
  const originError = parentOriginError(body.parent_origin, project.environment);
  if (originError) throw VaultError.validation([{ path: 'parent_origin', message: originError }]);
  if (body.merchant_id) {
    const merchant = await runtime.db.prisma.merchant.findFirst({ where: { id: body.merchant_id, projectId: project.id }, select: { id: true } });
    if (!merchant) throw VaultError.validation([{ path: 'merchant_id', message: 'merchant_id must name a merchant of this project' }]);
  }
  const { id, clientSecret } = newCollectSession();
  const fields = COLLECT_FIELDS.filter((field) => (body.fields ?? COLLECT_FIELDS).includes(field));
  const expiresAt = new Date(Date.now() + (body.expires_in_seconds ?? DEFAULT_COLLECT_EXPIRY_SECONDS) * 1000);
  await runtime.db.prisma.collectSession.create({
    data: {
      id,
      projectId: project.id,
      applicationId: principal.application.id,
      merchantId: body.merchant_id ?? null,
      parentOrigin: body.parent_origin,
      fields,
      metadata: body.metadata,
      clientSecretHash: runtime.keyring.hashSecret(clientSecret),
      testMode: project.environment === 'test',
      expiresAt,
    },
  });
  return { success: true, id, client_secret: clientSecret, parent_origin: body.parent_origin, expires_at: expiresAt.toISOString(), fields };
}
