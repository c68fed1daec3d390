// A short-lived, in-process cache of authenticated API keys: the key lookup is on every vault request
// and would otherwise be one of its few database round trips. Only positive answers are kept, for
// API_KEY_CACHE_MS; revoking or changing an application evicts it at once on the node that did it
// (`forgetApplication`), and within API_KEY_CACHE_MS everywhere else.
import type { ApiKeyPrincipal } from './principal';

export const API_KEY_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry = { principal: ApiKeyPrincipal; expiresAt: number };

const CACHE = Symbol.for('vault.api-key-cache');
const holder = globalThis as { [CACHE]?: Map<string, Entry> };
// Shared through globalThis for the same reason as the runtime: one cache per process, both doors.
const entries = (holder[CACHE] ??= new Map<string, Entry>());

export function cachedPrincipal(keyHash: string, now = Date.now()): ApiKeyPrincipal | undefined {
  const entry = entries.get(keyHash);
  if (!entry) return undefined;
  if (entry.expiresAt <= now) {
    entries.delete(keyHash);
    return undefined;
  }
  return entry.principal;
}

export function rememberPrincipal(keyHash: string, principal: ApiKeyPrincipal, now = Date.now()): void {
  if (entries.size >= MAX_ENTRIES) {
    // Maps iterate in insertion order: drop the oldest entry.
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(keyHash, { principal, expiresAt: now + API_KEY_CACHE_MS });
}

/** Evicts every cached key of an application (after revoking it or changing its permissions). */
export function forgetApplication(applicationId: string): void {
  for (const [hash, entry] of entries) if (entry.principal.application.id === applicationId) entries.delete(hash);
}

/** Evicts every cached key of a project (after its pub key or destination allow-list changed). */
export function forgetProject(projectId: string): void {
  for (const [hash, entry] of entries) if (entry.principal.project.id === projectId) entries.delete(hash);
}

export function clearApiKeyCache(): void {
  entries.clear();
}
