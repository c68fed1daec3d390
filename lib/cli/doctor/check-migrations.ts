// Migrations applied vs the ones this code ships (prisma/migrations), read from _prisma_migrations without
// applying anything: doctor only reports, `vault migrate` (or a server start) applies.
import type { Database } from '../../db/connect';
import { readMigrationList } from '../../db/schema-engine';
import { migrationsDir } from '../../paths';
import { fail, ok, warn, type CheckResult } from './check-result';

export type AppliedMigration = { name: string; finished: boolean; rolledBack: boolean };

const NAME = 'migrations';

export function compareMigrations(shipped: string[], applied: AppliedMigration[]): CheckResult {
  const broken = applied.filter((row) => !row.finished && !row.rolledBack).map((row) => row.name);
  if (broken.length) {
    return fail(NAME, `started and never finished: ${broken.join(', ')}`, 'restore the backup taken before the upgrade (or repair the schema by hand and mark the row rolled back), then run `vault migrate`');
  }
  const done = new Set(applied.filter((row) => row.finished).map((row) => row.name));
  const pending = shipped.filter((name) => !done.has(name));
  if (pending.length) {
    return fail(NAME, `${pending.length} of ${shipped.length} pending (${pending[0]}${pending.length > 1 ? ` … ${pending.at(-1)}` : ''})`, 'run `vault migrate` (a server start also applies them)');
  }
  const known = new Set(shipped);
  const unknown = [...done].filter((name) => !known.has(name));
  if (unknown.length) {
    return warn(NAME, `the database has ${unknown.length} migration(s) this code does not ship (${unknown.join(', ')}): a newer version migrated it`, 'run the same vault version on every node');
  }
  return ok(NAME, `all ${shipped.length} applied (latest ${shipped.at(-1) ?? 'none'})`);
}

export async function checkMigrations(db: Database): Promise<CheckResult> {
  const shipped = readMigrationList(migrationsDir).migrationDirectories.map((directory) => directory.path);
  const [table] = await db.sql.query<{ present: boolean }>("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present");
  const applied = table?.present
    ? (
        await db.sql.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
          'SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations',
        )
      ).map((row) => ({ name: row.migration_name, finished: row.finished_at !== null, rolledBack: row.rolled_back_at !== null }))
    : [];
  return compareMigrations(shipped, applied);
}
