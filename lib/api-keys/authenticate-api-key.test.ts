import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Keyring } from '../crypto/keyring';
import { clearApiKeyCache } from './api-key-cache';
import { authenticateApiKey, LAST_USED_INTERVAL_MS } from './authenticate-api-key';

const KEY = `vk_test_${'a'.repeat(32)}`;
const keyring = new Keyring(randomBytes(32));
keyring.useSecretHashKey(randomBytes(32));

function fakeDb(row: Record<string, unknown> | null) {
  const findFirst = vi.fn(async () => row);
  const updateMany = vi.fn(async () => ({ count: 1 }));
  return { runtime: { keyring, db: { prisma: { application: { findFirst, updateMany } } } } as never, findFirst, updateMany };
}

const row = (overrides: Record<string, unknown> = {}) => ({
  id: `app-${Math.random()}`,
  name: 'app',
  tokenization: true,
  provisioning: false,
  revokedAt: null,
  keyHash: keyring.hashSecret(KEY),
  previousKeyExpiresAt: null,
  project: { id: 'p', environment: 'test', wrappedDataKey: new Uint8Array(), pubKeyHash: null },
  ...overrides,
});

describe('authenticateApiKey', () => {
  beforeEach(() => {
    clearApiKeyCache();
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => vi.useRealTimers());

  it('looks up the keyed hash, and pays its HMAC only on a cache miss', async () => {
    const db = fakeDb(row());
    const digest = vi.spyOn(keyring, 'keyDigest');
    await authenticateApiKey(db.runtime, KEY);
    await authenticateApiKey(db.runtime, KEY);
    expect(digest).toHaveBeenCalledTimes(1);
    expect(db.findFirst).toHaveBeenCalledWith(expect.objectContaining({ where: { OR: [{ keyHash: keyring.hashSecret(KEY) }, expect.anything()] } }));
    digest.mockRestore();
  });

  it('writes last_used_at at most once a minute, also on cache hits', async () => {
    const db = fakeDb(row());
    await authenticateApiKey(db.runtime, KEY);
    await authenticateApiKey(db.runtime, KEY);
    expect(db.findFirst).toHaveBeenCalledTimes(1);
    expect(db.updateMany).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000_000 + LAST_USED_INTERVAL_MS);
    await authenticateApiKey(db.runtime, KEY);
    expect(db.updateMany).toHaveBeenCalledTimes(2);
  });

  it('tries the write again after it failed, and fails the request (fail closed)', async () => {
    const db = fakeDb(row());
    db.updateMany.mockRejectedValueOnce(new Error('ECONNREFUSED'));
    await expect(authenticateApiKey(db.runtime, KEY)).rejects.toThrow('ECONNREFUSED');
    await authenticateApiKey(db.runtime, KEY);
    expect(db.updateMany).toHaveBeenCalledTimes(2);
  });

  it('caches a previous key no longer than its grace period', async () => {
    const db = fakeDb(row({ keyHash: 'another-hash', previousKeyExpiresAt: new Date(1_000_000 + 1_000) }));
    await authenticateApiKey(db.runtime, KEY);
    await authenticateApiKey(db.runtime, KEY);
    expect(db.findFirst).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000_000 + 1_000);
    db.findFirst.mockResolvedValueOnce(null);
    await expect(authenticateApiKey(db.runtime, KEY)).rejects.toMatchObject({ code: 'invalid_api_key' });
  });

  it('refuses revoked and unknown keys', async () => {
    await expect(authenticateApiKey(fakeDb(row({ revokedAt: new Date() })).runtime, KEY)).rejects.toMatchObject({ status: 401 });
    await expect(authenticateApiKey(fakeDb(null).runtime, KEY)).rejects.toMatchObject({ status: 401 });
  });
});
