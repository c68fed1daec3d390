// Deletes a token for good by erasing it (./erase-tokens.ts): in the delete's own transaction its
// ciphertext and metadata are destroyed, its search entries deleted and `deleted_at` stamped, with its
// `token.deleted` event. Detokenize and proxy read the row on every call, so they answer 404 `token_deleted`
// at once; the tokens API (GET, PATCH, DELETE again) treats it as gone (404 `token_not_found`).
// A CVC session opened with the token is left to its TTL: it lives only in the volatile store, is bound
// to the token id, and can no longer be used because every use first resolves the (now deleted) token.
import type { Runtime } from '../runtime/types';
import { eraseTokens } from './erase-tokens';
import { assertTokenShape, scopeWhere, tokenNotFound, type TokenScope } from './token-scope';

export async function deleteToken(
  runtime: Pick<Runtime, 'db'>,
  options: { scope: TokenScope; token: string; now?: Date },
): Promise<{ id: string; projectId: string }> {
  assertTokenShape(options.token);
  const row = await runtime.db.prisma.token.findFirst({
    where: { token: options.token, deletedAt: null, ...scopeWhere(options.scope) },
    select: { id: true, projectId: true },
  });
  if (!row) throw tokenNotFound();
  // By id again, not yet deleted: a concurrent delete makes this one a 404 rather than a second success.
  const erased = await runtime.db.sql.transaction((tx) => eraseTokens(tx, { ids: [row.id], now: options.now ?? new Date() }));
  if (!erased.length) throw tokenNotFound();
  return { id: row.id, projectId: row.projectId };
}
