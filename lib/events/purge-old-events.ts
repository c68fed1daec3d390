// Retention: events older than EVENT_RETENTION_DAYS are deleted with their deliveries and attempts (the
// foreign keys cascade), so GET /api/events answers for that many days and the tables stay bounded. In
// bounded batches, each its own statement: a purge never holds many locks or one long transaction, and
// purges on several nodes skip each other's rows instead of waiting on them.
import type { Database } from '../db/connect';

export const PURGE_BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

const PURGE = `WITH purged AS (
    DELETE FROM webhook_events WHERE id IN (
      SELECT id FROM webhook_events WHERE created_at < $1::timestamptz ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
    ) RETURNING 1
  ) SELECT count(*)::int AS purged FROM purged`;

/** Deletes the events older than `retentionDays` days before `now`; returns how many. */
export async function purgeOldEvents(
  db: Pick<Database, 'sql'>,
  options: { retentionDays: number; now?: Date; batchSize?: number },
): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - options.retentionDays * DAY_MS);
  const batchSize = options.batchSize ?? PURGE_BATCH;
  let purged = 0;
  for (;;) {
    const [row] = await db.sql.query<{ purged: number }>(PURGE, [before, batchSize]);
    const count = row?.purged ?? 0;
    purged += count;
    if (count < batchSize) return purged;
  }
}
