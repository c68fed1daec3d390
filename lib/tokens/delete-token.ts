// Deletes a token for good (crypto-shredding: the row and its ciphertext go; nothing else holds the card
// data). Detokenize and proxy read the row on every call, so the token stops working at once.
// A CVC session opened with the token is left to its TTL: it lives only in the volatile store, is bound
// to the token id, and can no longer be used because every use first resolves the (now missing) token.
// The `token.deleted` event is written in the delete's transaction, only by the delete that removed the row.
import { isLivemode } from '../events/livemode';
import { prismaSql } from '../events/prisma-sql';
import { recordEvent } from '../events/record-event';
import { tokenDeletedData } from './token-event-data';
import type { Runtime } from '../runtime/types';
import { assertTokenShape, scopeWhere, tokenNotFound, type TokenScope } from './token-scope';

export async function deleteToken(
  runtime: Pick<Runtime, 'db'>,
  options: { scope: TokenScope; token: string },
): Promise<{ id: string; projectId: string }> {
  assertTokenShape(options.token);
  const { prisma } = runtime.db;
  const row = await prisma.token.findFirst({
    where: { token: options.token, ...scopeWhere(options.scope) },
    select: { id: true, projectId: true, token: true, type: true, brand: true, last4: true, project: { select: { environment: true } } },
  });
  if (!row) throw tokenNotFound();
  // By id and scope again: a concurrent delete makes this one a 404 rather than a second success.
  const deleted = await prisma.$transaction(async (tx) => {
    const { count } = await tx.token.deleteMany({ where: { id: row.id, projectId: row.projectId } });
    if (count === 0) return false;
    await recordEvent(prismaSql(tx), { projectId: row.projectId, livemode: isLivemode(row.project.environment), type: 'token.deleted', data: tokenDeletedData(row) });
    return true;
  });
  if (!deleted) throw tokenNotFound();
  return { id: row.id, projectId: row.projectId };
}
