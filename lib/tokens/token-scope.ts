// Whose tokens a caller may see or delete: a signed-in user's whole account (joined through the
// project), or an API key's one project. Anything outside the scope is a 404, never a 403.
import { VaultError, messages } from '../core/errors';
import { isTokenValueShape } from './token-shape';

export type TokenScope = { accountId: string } | { projectId: string };

export const tokenNotFound = () => new VaultError('token_not_found', messages.tokenNotFound);

/** A Prisma `where` for the tokens of a scope. */
export function scopeWhere(scope: TokenScope) {
  return 'accountId' in scope ? { project: { accountId: scope.accountId } } : { projectId: scope.projectId };
}

/** Token values that cannot exist are a 404 without a query. */
export function assertTokenShape(token: string): void {
  if (!isTokenValueShape(token)) throw tokenNotFound();
}
