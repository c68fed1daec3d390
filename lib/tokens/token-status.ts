// A token's status (issue 25), in one place for every reader: `deleted` once deleted (its ciphertext went
// in the delete's transaction); `expired` once its expiry passed or its project's retention lapsed (no use
// for token_retention_days); `active` otherwise. The expiry job destroys an expired token's ciphertext and,
// for a retention expiry, stamps `expires_at` with it, so a destroyed token always reads as expired. Times come from the
// caller's clock (`now`), never the database's, so tests control expiry with a fake clock.

export type TokenStatus = 'active' | 'expired' | 'deleted';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When retention expires a token last used at `lastUsedAt` (null: the project keeps tokens). */
export function retentionExpiry(lastUsedAt: Date, retentionDays: number | null): Date | null {
  return retentionDays === null ? null : new Date(lastUsedAt.getTime() + retentionDays * DAY_MS);
}

export function tokenStatus(
  row: { deletedAt: Date | null; expiresAt: Date | null; lastUsedAt: Date },
  retentionDays: number | null,
  now: Date,
): TokenStatus {
  if (row.deletedAt) return 'deleted';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  const retained = retentionExpiry(row.lastUsedAt, retentionDays);
  if (retained && retained.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/**
 * SQL for "active at $now" over `tokens t` joined to `projects p`: `now` is the placeholder of the caller's
 * clock. Mirrors tokenStatus.
 */
export const activeTokenSql = (now: string) =>
  `t.deleted_at IS NULL AND t.ciphertext IS NOT NULL AND (t.expires_at IS NULL OR t.expires_at > ${now})
   AND (p.token_retention_days IS NULL OR t.last_used_at > ${now} - make_interval(days => p.token_retention_days))`;

/** A use (tokenize, detokenize, proxy) is recorded at most once an hour per token: a write per hour, not per call. */
export const LAST_USED_RESOLUTION = '1 hour';
