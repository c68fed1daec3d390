// Audit rows counted per project, application, UTC day and action (audit_day_counts), by the sealer: the
// statement that inserts a seal also adds its rows' counts, so each sealed row is counted exactly once
// (a seal is inserted once, its index taken by one sealer, and never changed), in the seal's transaction,
// off the request path. Rows not sealed yet are read from audit_logs by `seq` (a few seconds' worth behind
// a running sealer). Days before `complete_from` (the rows sealed before the counts existed) are not
// complete here: readers take those from elsewhere (lib/usage/roll-up-days.ts).
import type { SqlClient } from '../db/connect';

/**
 * The seal INSERT with the counting, as one statement: `$1`…`$11` are the seal's columns (audit-chain.ts
 * insertSeal). The counts are added only when the seal row was inserted (the join with what it returned),
 * never when another sealer took the index first. The range is the parameters, not the returned columns,
 * and the statement is sent unnamed (planned with its values each time): joined on the returned columns,
 * PostgreSQL estimated a ninth of the table (2.2 million rows at 20 million) and JIT-compiled the count
 * for every seal, 128 ms each.
 */
export const INSERT_SEAL_AND_COUNT = `
  WITH seal AS (
    INSERT INTO audit_seals (seal_index, first_seq, last_seq, row_ids, row_macs, row_count, prev_mac, mac, version, epoch, link_mac)
    VALUES ($1, $2, $3, $4::uuid[], $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING seal_index, first_seq, last_seq
  ), counted AS (
    INSERT INTO audit_day_counts (project_id, application_key, day, action, success_rows, failure_rows, failures_with_token)
    SELECT logged.project_id, coalesce(logged.application_id::text, ''), (logged.created_at AT TIME ZONE 'UTC')::date, logged.action,
      count(*) FILTER (WHERE logged.outcome = 'success'), count(*) FILTER (WHERE logged.outcome = 'failure'),
      count(*) FILTER (WHERE logged.outcome = 'failure' AND logged.token_id IS NOT NULL)
    FROM seal CROSS JOIN audit_logs logged
    WHERE logged.seq BETWEEN $2::bigint AND $3::bigint AND logged.project_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (project_id, day, application_key, action) DO UPDATE SET
      success_rows = audit_day_counts.success_rows + EXCLUDED.success_rows,
      failure_rows = audit_day_counts.failure_rows + EXCLUDED.failure_rows,
      failures_with_token = audit_day_counts.failures_with_token + EXCLUDED.failures_with_token
  )
  SELECT seal_index FROM seal`;

/** The first UTC day (`YYYY-MM-DD`) whose rows are all counted in audit_day_counts once sealed. */
export async function auditDayCountsFrom(sql: Pick<SqlClient, 'query'>): Promise<string> {
  const [row] = await sql.query<{ day: string }>("SELECT to_char(complete_from, 'YYYY-MM-DD') AS day FROM audit_day_counts_start WHERE id = 1", [], 'vault_audit_day_counts_from');
  if (!row) throw new Error('audit_day_counts_start has no row: run the migrations');
  return row.day;
}
