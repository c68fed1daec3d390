// `vault doctor`: checks the configuration and everything it points at, prints one line per check (and the
// fix under each problem), and exits 1 when any check FAILs. Reads only: it applies no migration, creates
// no database, key file or key row, and prints no secret (URLs without their passwords, never a key).
import { getConfig } from '../../config';
import type { Database } from '../../db/connect';
import { checkAppUrl } from './check-app-url';
import { checkCaCertificates } from './check-ca-certs';
import { checkClock } from './check-clock';
import { checkConfiguration } from './check-configuration';
import { checkDatabase } from './check-database';
import { checkDestinations } from './check-destinations';
import { checkDirectDatabase } from './check-direct-database';
import { checkMasterKey } from './check-master-key';
import { checkMigrations } from './check-migrations';
import { fail, formatCheck, skip, summarise, type CheckResult } from './check-result';
import { checkStore } from './check-store';

export async function runDoctor(write: (line: string) => void): Promise<number> {
  const results: CheckResult[] = [];
  const report = (result: CheckResult) => {
    results.push(result);
    write(`${formatCheck(result)}\n`);
  };
  const { config, result } = checkConfiguration(getConfig);
  report(result);
  if (config) {
    report(checkAppUrl(config));
    report(checkCaCertificates(config.NODE_EXTRA_CA_CERTS));
    const database = await checkDatabase(config);
    report(database.result);
    const direct = await checkDirectDatabase(config);
    if (direct) report(direct);
    await withDatabase(database.db, async (db) => {
      report(db ? await guarded('migrations', () => checkMigrations(db)) : skip('migrations', 'needs the database'));
      report(await guarded('master key', () => checkMasterKey(config, db)));
      report(db ? await guarded('clock', () => checkClock(db)) : skip('clock', 'needs the database'));
      report(db ? await guarded('destinations', () => checkDestinations(db, config.PROXY_REQUIRE_ALLOW_LIST)) : skip('destinations', 'needs the database'));
    });
    report(await guarded('store', () => checkStore(config)));
  }
  write(`\n${summarise(results)}\n`);
  return results.some((entry) => entry.status === 'fail') ? 1 : 0;
}

/** A check that throws (the database went away half-way…) is a FAIL with the error, and the others still run. */
async function guarded(name: string, check: () => Promise<CheckResult>): Promise<CheckResult> {
  try {
    return await check();
  } catch (error) {
    return fail(name, `could not be checked: ${(error as Error).message}`, 'run `vault doctor` again; if it fails the same way, the message names the cause');
  }
}

async function withDatabase(db: Database | null, work: (db: Database | null) => Promise<void>): Promise<void> {
  try {
    await work(db);
  } finally {
    await db?.close();
  }
}
