// A write that fails inside the database, for tests of what a failed (rolled-back) change leaves behind: a
// trigger refuses every INSERT into `table` whose new row matches `condition` (SQL over NEW, e.g.
// `NEW.session_id = 'cs_…'`), so only the test's own rows fail even on a database other files share.
import { randomBytes } from 'node:crypto';
import type { Runtime } from '../../lib/runtime/types';

/** Installs the trigger; returns its undo (idempotent; also pass it to an afterEach). */
export async function refuseInserts(runtime: Pick<Runtime, 'db'>, table: string, condition: string): Promise<() => Promise<void>> {
  const { sql } = runtime.db;
  const name = `vault_test_refuse_${randomBytes(6).toString('hex')}`;
  await sql.query(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${condition} THEN RAISE EXCEPTION 'injected: row refused'; END IF; RETURN NEW; END $$`,
  );
  await sql.query(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  let undone = false;
  return async () => {
    if (undone) return;
    undone = true;
    await sql.query(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
    await sql.query(`DROP FUNCTION IF EXISTS ${name}()`);
  };
}
