// Resolves an X-API-Key to its application and project. Unknown, revoked and missing keys are the same
// 401 so a caller learns nothing about which keys exist.
import { constantTimeEqual, sha256Hex } from '../crypto/hash';
import { VaultError, messages } from '../http/errors';
import { cachedPrincipal, rememberPrincipal } from './api-key-cache';
import type { Runtime } from '../runtime';

export type ApiKeyPrincipal = {
  application: { id: string; name: string; tokenization: boolean; provisioning: boolean };
  project: { id: string; environment: 'test' | 'production'; wrappedDataKey: Uint8Array; pubKeyHash: string | null };
};

const KEY_SHAPE = /^vk_(test|live)_[0-9A-Za-z]{20,64}$/;

export async function authenticateApiKey(runtime: Pick<Runtime, 'db'>, rawKey: string | null): Promise<ApiKeyPrincipal> {
  const key = rawKey?.trim();
  if (!key || !KEY_SHAPE.test(key)) throw new VaultError('invalid_api_key', messages.invalidApiKey);
  const keyHash = sha256Hex(key);
  const cached = cachedPrincipal(keyHash);
  if (cached) return cached;
  const application = await runtime.db.prisma.application.findUnique({
    where: { keyHash },
    select: {
      id: true,
      name: true,
      tokenization: true,
      provisioning: true,
      revokedAt: true,
      project: { select: { id: true, environment: true, wrappedDataKey: true, pubKeyHash: true } },
    },
  });
  if (!application || application.revokedAt) throw new VaultError('invalid_api_key', messages.invalidApiKey);
  const { project, revokedAt: _revoked, ...app } = application;
  const principal = { application: app, project };
  rememberPrincipal(keyHash, principal);
  return principal;
}

/** Production keys on tokenize and test-tokens must come with the project's pub key. */
export function assertPubKey(principal: ApiKeyPrincipal, rawPubKey: string | null): void {
  if (principal.project.environment !== 'production') return;
  const pubKey = rawPubKey?.trim();
  if (!pubKey) throw new VaultError('pub_key_required', messages.pubKeyRequired);
  if (!principal.project.pubKeyHash || !constantTimeEqual(sha256Hex(pubKey), principal.project.pubKeyHash)) {
    throw new VaultError('invalid_pub_key', messages.invalidPubKey);
  }
}

export function assertTokenizationPermission(principal: ApiKeyPrincipal): void {
  if (!principal.application.tokenization) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
}
