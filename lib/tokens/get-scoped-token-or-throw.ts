// One token of the caller's scope, masked fields only. Another account's or project's token, an unknown
// one and a value that is not even token-shaped are the same 404 `Token not found`.
import type { Runtime } from '../runtime/types';
import { tokenColumns, type TokenRow } from './token-row';
import { withTokenCreators, type TokenCreator } from './token-creators';
import { assertTokenShape, scopeWhere, tokenNotFound, type TokenScope } from './token-scope';

export async function getScopedTokenOrThrow(runtime: Pick<Runtime, 'db'>, options: { scope: TokenScope; token: string }): Promise<TokenRow> {
  assertTokenShape(options.token);
  const row = await runtime.db.prisma.token.findFirst({
    where: { token: options.token, ...scopeWhere(options.scope) },
    select: tokenColumns,
  });
  if (!row) throw tokenNotFound();
  return row;
}

/** The same token as its view shows it: with who created it. */
export async function getScopedTokenView(runtime: Pick<Runtime, 'db'>, options: { scope: TokenScope; token: string }): Promise<TokenRow & { createdBy: TokenCreator }> {
  const [row] = await withTokenCreators(runtime, [await getScopedTokenOrThrow(runtime, options)]);
  return row!;
}
