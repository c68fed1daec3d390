import { beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_CACHE_MS, cachedPrincipal, clearApiKeyCache, forgetApplication, forgetProject, rememberPrincipal } from './api-key-cache';
import type { ApiKeyPrincipal } from './principal';

const principal = (applicationId: string, projectId = 'p'): ApiKeyPrincipal => ({
  application: { id: applicationId, name: 'app', tokenization: true, detokenize: true, provisioning: false, search: false },
  project: { id: projectId, accountId: 'a', environment: 'test', wrappedDataKey: new Uint8Array(), dataKeyVersion: 1, fingerprintKeyWrapped: null, fingerprintKeyVersion: 1, pubKeyHash: null, allowedProxyHosts: null },
});

describe('api key cache', () => {
  beforeEach(() => clearApiKeyCache());

  it("forgetProject evicts every key of that project (its allow-list or pub key changed), and only those", () => {
    rememberPrincipal('h1', principal('a1', 'p1'));
    rememberPrincipal('h2', principal('a2', 'p1'));
    rememberPrincipal('h3', principal('a3', 'p2'));
    forgetProject('p1');
    expect([cachedPrincipal('h1'), cachedPrincipal('h2')]).toEqual([undefined, undefined]);
    expect(cachedPrincipal('h3')?.application.id).toBe('a3');
  });

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
