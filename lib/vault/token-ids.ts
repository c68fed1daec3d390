// Which row id a token string has, per project, as this process last read or wrote it. A token's id never
// changes, so an entry cannot go stale; a deleted token is caught by the statement that uses the id, which
// still reads the row (lib/vault/get-token.ts). It lets a use of a known token write its audit row, whose
// writer MAC covers the token id, in the same statement as the read: one round trip instead of two.
// Bounded: the oldest entries go first (a Map keeps insertion order).
const MAX_ENTRIES = 20_000;
const ids = new Map<string, string>();

const keyOf = (projectId: string, token: string) => `${projectId}:${token}`;

export function knownTokenId(projectId: string, token: string): string | undefined {
  return ids.get(keyOf(projectId, token));
}

export function rememberTokenId(projectId: string, token: string, tokenId: string): void {
  const key = keyOf(projectId, token);
  ids.delete(key);
  ids.set(key, tokenId);
  if (ids.size > MAX_ENTRIES) ids.delete(ids.keys().next().value!);
}

export function forgetTokenId(projectId: string, token: string): void {
  ids.delete(keyOf(projectId, token));
}
