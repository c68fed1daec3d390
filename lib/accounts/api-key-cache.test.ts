import { beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_CACHE_MS, cachedPrincipal, clearApiKeyCache, forgetApplication, rememberPrincipal } from './api-key-cache';
import type { ApiKeyPrincipal } from './authenticate-api-key';

const principal = (applicationId: string): ApiKeyPrincipal => ({
  application: { id: applicationId, name: 'app', tokenization: true, detokenize: true, provisioning: false },
  project: { id: 'p', accountId: 'a', environment: 'test', wrappedDataKey: new Uint8Array(), dataKeyVersion: 1, fingerprintKeyWrapped: null, pubKeyHash: null },
});

describe('api key cache', () => {
  beforeEach(() => clearApiKeyCache());

  it('answers within its lifetime and forgets after it', () => {
    rememberPrincipal('h1', principal('a1'), 1_000);
    expect(cachedPrincipal('h1', 1_000 + API_KEY_CACHE_MS - 1)?.application.id).toBe('a1');
    expect(cachedPrincipal('h1', 1_000 + API_KEY_CACHE_MS)).toBeUndefined();
  });

  it('evicts every key of an application at once', () => {
    rememberPrincipal('h1', principal('a1'));
    rememberPrincipal('h2', principal('a1'));
    rememberPrincipal('h3', principal('a2'));
    forgetApplication('a1');
    expect(cachedPrincipal('h1')).toBeUndefined();
    expect(cachedPrincipal('h2')).toBeUndefined();
    expect(cachedPrincipal('h3')?.application.id).toBe('a2');
  });
});
