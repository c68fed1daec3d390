// Whose tokens a caller may see or delete: a signed-in user's whole account (joined through the
// project), or an API key's one project. Anything outside the scope is a 404, never a 403.
import { VaultError, messages } from '../core/errors';

export type TokenScope = { accountId: string } | { projectId: string };

const TOKEN_SHAPE = /^tok_[0-9A-Za-z]{16,64}$/;

export const tokenNotFound = () => new VaultError('token_not_found', messages.tokenNotFound);

/** A Prisma `where` for the tokens of a scope. */
export function scopeWhere(scope: TokenScope) {
  return 'accountId' in scope ? { project: { accountId: scope.accountId } } : { projectId: scope.projectId };
}

/** Token values that cannot exist are a 404 without a query. */
export function assertTokenShape(token: string): void {
  if (!TOKEN_SHAPE.test(token)) throw tokenNotFound();
}
