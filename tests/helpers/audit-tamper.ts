// What a database-level attacker can do to the audit log: edit rows with the append-only trigger disabled.
// Tests use it to prove the hash chain notices; the trigger is always switched back on.
import type { SqlClient } from '../../lib/db/connect';

type Sql = Pick<SqlClient, 'query'>;

export async function withAuditTriggerOff(sql: Sql, run: (sql: Sql) => Promise<unknown>): Promise<void> {
  await sql.query('ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only');
  try {
    await run(sql);
  } finally {
    await sql.query('ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_append_only');
  }
}
