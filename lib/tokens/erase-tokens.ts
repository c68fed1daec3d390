// Erasure (issue 25; GDPR Art. 17, PCI DSS 3.2.1): a deleted token keeps its row, so the tokens API, the
// audit trail and searches with `status: deleted` can still name it, but nothing that could be opened:
// in one statement its ciphertext and sealed metadata are destroyed, its search index entries deleted and
// `deleted_at` stamped. Each erased token gets its `token.deleted` event on the same transaction, written
// only by the statement that erased it (a token already deleted is skipped, so a concurrent second delete
// writes nothing). Used by DELETE /api/tokens/{token} and `vault tokens purge`.
import type { SqlClient } from '../db/connect';
import { isLivemode } from '../events/livemode';
import { recordEvent } from '../events/record-event';
import { tokenDeletedData } from './token-event-data';

export type ErasedToken = { id: string; project_id: string; token: string; type: 'card' | 'bank'; brand: string | null; last4: string };

const ERASE = `
  WITH erased AS (
    UPDATE tokens AS t SET deleted_at = $2::timestamptz, ciphertext = NULL, metadata_sealed = NULL
    FROM projects p
    WHERE t.id = ANY ($1::uuid[]) AND t.deleted_at IS NULL AND p.id = t.project_id
    RETURNING t.id, t.project_id, t.token, t.type::text AS type, t.brand, t.last4, p.environment::text AS environment
  ),
  unindexed AS (DELETE FROM token_search_entries e USING erased WHERE e.token_id = erased.id)
  SELECT * FROM erased`;

/** Erases the tokens of `ids` not yet deleted, on `tx` (the caller's transaction); returns those it erased. */
export async function eraseTokens(tx: Pick<SqlClient, 'query'>, options: { ids: string[]; now: Date }): Promise<ErasedToken[]> {
  if (!options.ids.length) return [];
  const rows = await tx.query<ErasedToken & { environment: 'test' | 'production' }>(ERASE, [options.ids, options.now]);
  for (const row of rows) {
    await recordEvent(tx, { projectId: row.project_id, livemode: isLivemode(row.environment), type: 'token.deleted', data: tokenDeletedData(row) });
  }
  return rows.map(({ environment: _environment, ...row }) => row);
}
