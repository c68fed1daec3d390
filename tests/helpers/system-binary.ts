// Tests that start a system program (pgbouncer, redis-server…) find it here. Missing outside CI: the caller
// skips with a loud warning naming the Debian package; missing in CI (CI=true): an error, never a skip.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Searched after PATH: Debian installs daemons in sbin, which a non-root PATH often leaves out. */
const SBIN = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

const inCi = () => ['1', 'true'].includes((process.env.CI ?? '').toLowerCase());

function findBinary(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SBIN];
  for (const dir of dirs) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The binary's path; undefined (after a loud warning) when missing outside CI; throws when missing in CI. */
export function systemBinary(name: string, debianPackage = name): string | undefined {
  const path = findBinary(name);
  if (path) return path;
  const message = `${name} is not installed: the tests that need it cannot run (apt-get install -y ${debianPackage}).`;
  if (inCi()) throw new Error(`${message} CI must not skip them.`);
  console.warn(`\n⚠ SKIPPED: ${message}\n`);
  return undefined;
}
