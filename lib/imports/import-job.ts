// The imports' background job (issue 26): on every serving node with WEBHOOK_WORKER=on, every few seconds,
// take one uploaded import (source `api`) that is queued, or running with a lapsed claim (its node died: it
// resumes after its last committed batch), and run it with runImport, its file streamed in order from
// import_file_chunks. The candidate is picked with FOR UPDATE SKIP LOCKED, so nodes polling at once take
// different imports; runImport's own claim (claimed_by / claimed_until, renewed while it runs) decides. One
// import at a time per node.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { runEvery, type BackgroundJob } from '../background/run-every';
import type { Runtime } from '../runtime/types';
import { runImport } from './run-import';

export const IMPORT_POLL_MS = 3_000;

/** The uploaded file from its first byte, one stored chunk at a time. */
export function storedImportFile(runtime: Pick<Runtime, 'db'>, importId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq += 1) {
      const [row] = await runtime.db.sql.query<{ data: Uint8Array }>('SELECT data FROM import_file_chunks WHERE import_id = $1::uuid AND seq = $2', [importId, seq]);
      if (!row) return;
      yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The next import this node may run: queued and received whole, or running with a lapsed claim. */
export async function pickImport(runtime: Pick<Runtime, 'db'>): Promise<string | null> {
  return runtime.db.sql.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `SELECT id FROM imports
        WHERE source = 'api'
          AND ((status = 'queued' AND (claimed_until IS NULL OR claimed_until < now())) OR (status = 'running' AND claimed_until < now()))
        ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [],
    );
    return row?.id ?? null;
  });
}

/**
 * Runs one import if there is one; its id, or null when there was none. runImport claims it (claimed_by,
 * claimed_until) and renews that claim while it runs (./import-state.ts); a node that dies lets it lapse.
 */
export async function runNextImport(runtime: Runtime, options: { workerId: string }): Promise<string | null> {
  const importId = await pickImport(runtime);
  if (!importId) return null;
  await runImport(runtime, { importId, workerId: options.workerId, source: () => storedImportFile(runtime, importId) });
  return importId;
}

/** The job: one pass every IMPORT_POLL_MS, which runs imports one after another while there are some. */
export function startImportJob(runtime: Runtime, options: { intervalMs?: number } = {}): BackgroundJob {
  const workerId = `node-${randomUUID()}`;
  return runEvery({ intervalMs: options.intervalMs ?? IMPORT_POLL_MS, logger: runtime.logger, failure: 'import job failed; retrying at its next run', fields: { job: 'imports' } }, async (signal) => {
    while (!signal.aborted && (await runNextImport(runtime, { workerId }))) {
      // The next one at once: a queue of imports is not paced by the poll interval.
    }
  });
}
