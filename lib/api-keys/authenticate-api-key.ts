// Resolves an X-API-Key to its application and project. Unknown, revoked and missing keys are the same
// 401 so a caller learns nothing about which keys exist. After a rotation with a grace period the previous
// key also works until `previousKeyExpiresAt`; every use stamps `last_used_at` (at most once a minute).
import { constantTimeEqual, sha256Hex } from '../crypto/hash';
import { VaultError, messages } from '../core/errors';
import { API_KEY_CACHE_MS, cachedPrincipal, rememberPrincipal } from './api-key-cache';
import type { Runtime } from '../runtime/types';
import { PRINCIPAL_PROJECT_COLUMNS, principalProject, type ApiKeyPrincipal } from './principal';

const KEY_SHAPE = /^vk_(test|live)_[0-9A-Za-z]{20,64}$/;

/** `last_used_at` is written at most once per this interval per key (per process, and per row in SQL). */
export const LAST_USED_INTERVAL_MS = 60_000;
const MAX_TOUCHED = 10_000;
const TOUCHED = Symbol.for('vault.api-key-last-used');
const touchedHolder = globalThis as { [TOUCHED]?: Map<string, number> };
// Application id → when this process last wrote its last_used_at (shared by both doors, like the cache).
const touched = (touchedHolder[TOUCHED] ??= new Map<string, number>());

export async function authenticateApiKey(runtime: Pick<Runtime, 'db' | 'keyring'>, rawKey: string | null): Promise<ApiKeyPrincipal> {
  const key = rawKey?.trim();
  if (!key || !KEY_SHAPE.test(key)) throw new VaultError('invalid_api_key', messages.invalidApiKey);
  // The cache is keyed by the plain digest; only a miss pays the HMAC of the stored (keyed) form.
  const digest = sha256Hex(key);
  const now = Date.now();
  const cached = cachedPrincipal(digest, now);
  if (cached) {
    await touchLastUsed(runtime, cached.application.id, now);
    return cached;
  }
  const keyHash = runtime.keyring.keyDigest(digest);
  // The current key, or the previous one while its rotation grace period lasts (one round trip, two unique indexes).
  const application = await runtime.db.prisma.application.findFirst({
    where: { OR: [{ keyHash }, { previousKeyHash: keyHash, previousKeyExpiresAt: { gt: new Date(now) } }] },
    select: {
      id: true,
      name: true,
      tokenization: true,
      detokenize: true,
      provisioning: true,
      search: true,
      revokedAt: true,
      keyHash: true,
      previousKeyExpiresAt: true,
      project: { select: PRINCIPAL_PROJECT_COLUMNS },
    },
  });
  if (!application || application.revokedAt) throw new VaultError('invalid_api_key', messages.invalidApiKey);
  const { project: row, revokedAt: _revoked, keyHash: currentHash, previousKeyExpiresAt, ...app } = application;
  const principal: ApiKeyPrincipal = { application: app, project: principalProject(row) };
  if (currentHash === keyHash) {
    rememberPrincipal(digest, principal, now);
  } else if (previousKeyExpiresAt) {
    principal.viaPreviousKey = true;
    // A previous key is cached no longer than its grace period: the entry lives API_KEY_CACHE_MS from
    // the `now` it is stored with, so that `now` is moved back when the grace period ends sooner.
    rememberPrincipal(digest, principal, Math.min(now, previousKeyExpiresAt.getTime() - API_KEY_CACHE_MS));
  }
  await touchLastUsed(runtime, app.id, now);
  return principal;
}

/**
 * Records that a key was used, at most once a minute per application: awaited (the column is then
 * true when the request ends), throttled in process so the hot path pays one write a minute per key,
 * and guarded in SQL so several processes do not each write within the same minute.
 */
async function touchLastUsed(runtime: Pick<Runtime, 'db'>, applicationId: string, now: number): Promise<void> {
  const last = touched.get(applicationId);
  if (last !== undefined && now - last < LAST_USED_INTERVAL_MS) return;
  touched.delete(applicationId);
  if (touched.size >= MAX_TOUCHED) {
    const oldest = touched.keys().next().value;
    if (oldest !== undefined) touched.delete(oldest);
  }
  touched.set(applicationId, now);
  try {
    await runtime.db.prisma.application.updateMany({
      where: { id: applicationId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - LAST_USED_INTERVAL_MS) } }] },
      data: { lastUsedAt: new Date(now) },
    });
  } catch (error) {
    // Not written: the next request tries again (and answers 503 if the database is down).
    if (touched.get(applicationId) === now) touched.delete(applicationId);
    throw error;
  }
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

/** Searching the project's tokens (POST /tokens/search, issue 25) is its own permission, off unless given. */
export function assertSearchPermission(principal: ApiKeyPrincipal): void {
  if (!principal.application.search) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
}

/** Reveal (POST /detokenize) is its own permission: a key may tokenize and proxy without it. */
export function assertDetokenizePermission(principal: ApiKeyPrincipal): void {
  if (!principal.application.detokenize) throw new VaultError('insufficient_permissions', messages.insufficientPermissions);
}
