// The expiry job (issue 25): destroys the ciphertext of expired tokens within a minute of their expiry.
// Two work lists, each in batches of one transaction: tokens past their own `expires_at` (the partial index
// tokens_expiry_due_idx), and tokens of projects with `token_retention_days` not used for that many days
// (tokens_retention_due_idx); for those the retention moment is also stamped as `expires_at`, so the row
// reads expired whatever the project's setting becomes. The mask, fingerprint, metadata, search entries
// and dates stay. Rows are taken FOR UPDATE SKIP LOCKED: nodes running the job at once share the work,
// and a token being used or patched right now waits for the next pass (its row is checked again then).
// Each batch writes, in its own transaction, one audit row per project it touched (action `token.expire`,
// resource `project:<id> tokens=<n> by=expires_at|retention`): a count, never a token.
// Detokenize, proxy and checkout refuse an expired token from its expiry on (lib/vault/get-token.ts judges
// it by the clock); this job only makes that refusal irreversible.
import { randomUUID } from 'node:crypto';
import { insertAuditRows, type AuditKeyring } from '../audit/audit-writer';
import type { AuditEntry } from '../core/audit-entry';
import type { Database } from '../db/connect';

export const EXPIRE_BATCH = 500;

type Reason = 'expires_at' | 'retention';
type Expired = { project_id: string; account_id: string; tokens: number };

const PER_PROJECT = `SELECT e.project_id, p.account_id, count(*)::int AS tokens FROM expired e JOIN projects p ON p.id = e.project_id GROUP BY e.project_id, p.account_id`;

const EXPIRE_DUE: Record<Reason, string> = {
  // The index's own predicate, so the planner reads only it.
  expires_at: `
  WITH due AS (
    SELECT id FROM tokens
    WHERE ciphertext IS NOT NULL AND expires_at IS NOT NULL AND expires_at <= $1::timestamptz
    ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED
  ),
  expired AS (UPDATE tokens t SET ciphertext = NULL FROM due WHERE t.id = due.id RETURNING t.project_id)
  ${PER_PROJECT}`,
  retention: `
  WITH due AS (
    SELECT t.id, t.last_used_at + make_interval(days => p.token_retention_days) AS retained_until
    FROM projects p JOIN tokens t ON t.project_id = p.id
    WHERE p.token_retention_days IS NOT NULL AND t.ciphertext IS NOT NULL
      AND t.last_used_at <= $1::timestamptz - make_interval(days => p.token_retention_days)
    LIMIT $2 FOR UPDATE OF t SKIP LOCKED
  ),
  expired AS (
    UPDATE tokens t SET ciphertext = NULL, expires_at = LEAST(COALESCE(t.expires_at, due.retained_until), due.retained_until)
    FROM due WHERE t.id = due.id RETURNING t.project_id
  )
  ${PER_PROJECT}`,
};

/**
 * One pass: every token expired at `now` (default: this process's clock) loses its ciphertext. Returns how
 * many, by reason. `signal` ends the pass between batches.
 */
export async function expireTokens(
  runtime: { db: Pick<Database, 'sql'>; keyring: AuditKeyring },
  options: { now?: Date; batchSize?: number; signal?: AbortSignal } = {},
): Promise<Record<Reason, number>> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? EXPIRE_BATCH;
  const requestId = `job-${randomUUID()}`;
  const done: Record<Reason, number> = { expires_at: 0, retention: 0 };
  for (const reason of ['expires_at', 'retention'] as const) {
    for (;;) {
      if (options.signal?.aborted) return done;
      const count = await runtime.db.sql.transaction(async (tx) => {
        const rows = await tx.query<Expired>(EXPIRE_DUE[reason], [now, batchSize]);
        const entries = rows.map((row): AuditEntry => ({
          action: 'token.expire',
          outcome: 'success',
          statusCode: 200,
          requestId,
          accountId: row.account_id,
          projectId: row.project_id,
          resource: `project:${row.project_id} tokens=${row.tokens} by=${reason}`,
        }));
        if (entries.length) await insertAuditRows({ sql: tx }, runtime.keyring, entries);
        return rows.reduce((sum, row) => sum + row.tokens, 0);
      });
      done[reason] += count;
      if (count < batchSize) break;
    }
  }
  return done;
}
