// PGlite is one process's database: a second process opening the same folder would corrupt it.
// A pid lock file keeps the server and `npx vault` from opening it together; a lock left by a dead
// process is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws a message telling the operator what holds it; returns the release function. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = join(dataDir, 'embedded.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder && holder !== process.pid && alive(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${holder}. Stop it first, or use DATABASE_URL (PostgreSQL) to share a database between processes.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}`);
}
