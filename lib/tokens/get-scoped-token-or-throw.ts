// One token of the caller's scope, masked fields only. Another account's or project's token, an unknown
// one and a value that is not even token-shaped are the same 404 `Token not found`.
import type { Runtime } from '../runtime/types';
import { tokenColumns, type TokenRow } from './token-row';
import { withTokenCreators, type TokenCreator } from './token-creators';
import { withTokenDetails, type TokenDetails } from './token-details';
import { assertTokenShape, scopeWhere, tokenNotFound, type TokenScope } from './token-scope';

export async function getScopedTokenOrThrow(runtime: Pick<Runtime, 'db'>, options: { scope: TokenScope; token: string }): Promise<TokenRow> {
  assertTokenShape(options.token);
  // A deleted token is gone as far as the tokens API goes (only a search for status deleted shows it).
  const row = await runtime.db.prisma.token.findFirst({
    where: { token: options.token, deletedAt: null, ...scopeWhere(options.scope) },
    select: tokenColumns,
  });
  if (!row) throw tokenNotFound();
  return row;
}

/** The same token as its view shows it: with its metadata, status and who created it. */
export async function getScopedTokenView(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { scope: TokenScope; token: string },
): Promise<TokenRow & TokenDetails & { createdBy: TokenCreator }> {
  const [row] = await withTokenCreators(runtime, await withTokenDetails(runtime, [await getScopedTokenOrThrow(runtime, options)]));
  return row!;
}
