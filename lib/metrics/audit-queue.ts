// The audit chain's backlog, read when scraped: rows written but not sealed yet (lib/audit/audit-sealer.ts)
// and the age of the oldest of them. Both stay near 0 while a sealer runs; a growing lag means no process
// seals (AUDIT_SEALER=off everywhere) or sealing fails. The count stops at AUDIT_QUEUE_COUNT_LIMIT so a
// scrape stays cheap whatever the backlog (an index range scan from the last seal, no table scan).
import type { SqlClient } from '../db/connect';

export const AUDIT_QUEUE_COUNT_LIMIT = 100_000;

const BACKLOG = `
  SELECT count(*)::int AS depth, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS lag
  FROM (
    SELECT created_at FROM audit_logs
    WHERE seq > COALESCE((SELECT last_seq FROM audit_seals ORDER BY seal_index DESC LIMIT 1), 0)
    ORDER BY seq LIMIT ${AUDIT_QUEUE_COUNT_LIMIT}
  ) unsealed`;

export type AuditBacklog = { depth: number; lagSeconds: number };

export async function readAuditBacklog(sql: Pick<SqlClient, 'query'>): Promise<AuditBacklog> {
  const [row] = await sql.query<{ depth: number; lag: number }>(BACKLOG, [], 'vault_metrics_audit_backlog');
  return { depth: Number(row?.depth ?? 0), lagSeconds: Number(row?.lag ?? 0) };
}
