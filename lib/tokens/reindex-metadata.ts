// The re-index of a project's metadata search entries after keys were added to its
// `searchable_metadata_keys` (issue 25; PUT /api/projects/{id} starts it: cursor at the zero id, the keys it
// indexes, when it began). Tokenize writes entries for the keys listed when its statement runs; the tokens
// made before need theirs too.
// 1. The walk: the project's tokens with metadata, by id, 500 at a time; each batch's metadata opened under
//    the key version that sealed it and its entries for the current searchable keys upserted, in one
//    transaction with the cursor (compare-and-set: a PUT that restarts the walk meanwhile wins). While it
//    runs, a search filtering on one of its keys answers 409 (lib/tokens/search-tokens.ts).
// 2. The sweeps: a tokenize whose statement read the old list can commit after the walk went past its id.
//    Its created_at is stamped before its statement, so it is among the tokens created since the re-index
//    began (minus a margin for the nodes' clocks). Those are indexed again when the walk ends (the keys are
//    then searchable), and once more when REINDEX_SETTLE_MS have passed since the start (every tokenize
//    that used the old list, from its statement or from a node's cached principal, has committed by then),
//    then `metadata_reindex_started_at` is cleared. Until that sweep, a token made on another node in the
//    first API_KEY_CACHE_MS after the change may be missing from a search by a key just added.
// One bounded pass runs in the PUT (small projects are searchable when it answers); the background job
// (lib/runtime/event-jobs.ts) finishes the others. Concurrent passes write the same entries: harmless.
import { API_KEY_CACHE_MS } from '../api-keys/api-key-cache';
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import type { Runtime } from '../runtime/types';
import { metadataEntries, metadataSearchKey, openMetadata } from './token-metadata-seal';

export const REINDEX_BATCH_SIZE = 500;
/**
 * Every tokenize that used the old key list has committed this long after the list changed: a node's
 * cached principal lists the keys for up to API_KEY_CACHE_MS (tokenize computes entries for those only),
 * and its statement ends within the margin after that.
 */
export const REINDEX_SETTLE_MS = API_KEY_CACHE_MS + 5_000;
/** Margin for the clocks of the nodes that stamp created_at. */
const CLOCK_MARGIN_MS = 5_000;
/** How often the background job (lib/runtime/event-jobs.ts) looks for re-indexes under way. */
export const REINDEX_INTERVAL_MS = 5_000;
/** The pass run inside PUT /api/projects/{id}. */
export const INLINE_REINDEX_MS = 2_000;

type Deps = Pick<Runtime, 'db' | 'keyring'>;
type Row = { id: string; key_version: number; metadata_sealed: Uint8Array };
type Entries = { tokens: string[]; keys: string[]; macs: string[] };
type Project = ProjectKeyRef & { searchableMetadataKeys: string[]; metadataReindexCursor: string | null; metadataReindexStartedAt: Date | null };

export type ReindexProgress = {
  /** Tokens the walk indexed in this pass. */
  tokens: number;
  /** The walk is over: every searchable key may be searched by. */
  walked: boolean;
  /** Nothing left to do (the final sweep ran). */
  done: boolean;
};

const readProject = (runtime: Deps, projectId: string): Promise<Project | null> =>
  runtime.db.prisma.project.findUnique({
    where: { id: projectId },
    select: { ...PROJECT_KEY_COLUMNS, searchableMetadataKeys: true, metadataReindexCursor: true, metadataReindexStartedAt: true },
  });

/** The search entries of `rows` for the project's searchable keys. */
async function entriesOf(runtime: Deps, project: Project, rows: Row[]): Promise<Entries> {
  const searchKey = metadataSearchKey(runtime.keyring.projectKeys(project).fingerprint);
  const out: Entries = { tokens: [], keys: [], macs: [] };
  for (const row of rows) {
    const key = await encryptionKeyForVersion(runtime, project, row.key_version);
    const metadata = openMetadata(key, { projectId: project.id, tokenId: row.id }, row.metadata_sealed);
    const searchable = Object.fromEntries(project.searchableMetadataKeys.filter((name) => name in metadata).map((name) => [name, metadata[name]!]));
    const entries = metadataEntries(searchKey, searchable);
    for (const [index, name] of entries.keys.entries()) {
      out.tokens.push(row.id);
      out.keys.push(name);
      out.macs.push(entries.macs[index]!);
    }
  }
  return out;
}

// Only keys still listed when the statement runs (a key removed meanwhile gets no entry back).
export const UPSERT_SEARCH_ENTRIES = `
  INSERT INTO token_search_entries (token_id, project_id, key, value_mac, created_at)
  SELECT e.token_id, t.project_id, e.key, e.mac, t.created_at
  FROM unnest($2::uuid[], $3::text[], $4::text[]) AS e (token_id, key, mac)
  JOIN tokens t ON t.id = e.token_id JOIN projects p ON p.id = t.project_id
  WHERE t.project_id = $1::uuid AND e.key = ANY (p.searchable_metadata_keys)
  ON CONFLICT (token_id, key) DO UPDATE SET value_mac = EXCLUDED.value_mac`;

const upsert = (tx: Pick<Runtime['db']['sql'], 'query'>, projectId: string, entries: Entries) =>
  tx.query(UPSERT_SEARCH_ENTRIES, [projectId, entries.tokens, entries.keys, entries.macs]);

const WITH_METADATA = 'SELECT id, key_version, metadata_sealed FROM tokens WHERE project_id = $1::uuid AND metadata_sealed IS NOT NULL';

/** The tokens created since the re-index began (minus the clock margin), indexed again. */
async function sweep(runtime: Deps, project: Project, batchSize: number): Promise<void> {
  if (!project.metadataReindexStartedAt) return;
  const since = new Date(project.metadataReindexStartedAt.getTime() - CLOCK_MARGIN_MS);
  const recent = await runtime.db.sql.query<Row>(`${WITH_METADATA} AND created_at >= $2 ORDER BY created_at, id`, [project.id, since]);
  for (let index = 0; index < recent.length; index += batchSize) {
    await upsert(runtime.db.sql, project.id, await entriesOf(runtime, project, recent.slice(index, index + batchSize)));
  }
}

const settled = (project: Project, settleMs: number) => !project.metadataReindexStartedAt || Date.now() >= project.metadataReindexStartedAt.getTime() + settleMs;

/**
 * Runs the project's re-index on, until it is done, `deadline` (epoch ms) passes between two batches, or
 * `signal` aborts. Resumable from where any pass left it.
 */
export async function reindexMetadata(
  runtime: Deps,
  options: { projectId: string; deadline?: number; signal?: AbortSignal; batchSize?: number; settleMs?: number },
): Promise<ReindexProgress> {
  const { sql } = runtime.db;
  const batchSize = options.batchSize ?? REINDEX_BATCH_SIZE;
  const settleMs = options.settleMs ?? REINDEX_SETTLE_MS;
  const stopped = () => options.signal?.aborted || (options.deadline !== undefined && Date.now() >= options.deadline);
  let tokens = 0;
  for (;;) {
    const project = await readProject(runtime, options.projectId);
    // Deleted meanwhile: its entries went with its tokens.
    if (!project) return { tokens, walked: true, done: true };
    const cursor = project.metadataReindexCursor;
    if (!cursor) {
      if (!project.metadataReindexStartedAt) return { tokens, walked: true, done: true };
      if (!settled(project, settleMs) || stopped()) return { tokens, walked: true, done: false };
      await sweep(runtime, project, batchSize);
      await sql.query('UPDATE projects SET metadata_reindex_started_at = NULL WHERE id = $1::uuid AND metadata_reindex_cursor IS NULL AND metadata_reindex_started_at = $2', [
        project.id,
        project.metadataReindexStartedAt,
      ]);
      continue;
    }
    if (stopped()) return { tokens, walked: false, done: false };
    const rows = await sql.query<Row>(`${WITH_METADATA} AND id > $2::uuid ORDER BY id LIMIT ${batchSize}`, [project.id, cursor]);
    if (rows.length === 0) {
      // The walk is over: the recent tokens once more, then its keys are searchable (and, when the settle
      // time has passed already, that sweep was the last).
      await sweep(runtime, project, batchSize);
      await sql.query(
        `UPDATE projects SET metadata_reindex_cursor = NULL, metadata_reindex_keys = '{}',
           metadata_reindex_started_at = CASE WHEN $3::boolean THEN NULL ELSE metadata_reindex_started_at END
         WHERE id = $1::uuid AND metadata_reindex_cursor = $2::uuid`,
        [project.id, cursor, settled(project, settleMs)],
      );
      continue;
    }
    const entries = await entriesOf(runtime, project, rows);
    await sql.transaction(async (tx) => {
      await upsert(tx, project.id, entries);
      await tx.query('UPDATE projects SET metadata_reindex_cursor = $2::uuid WHERE id = $1::uuid AND metadata_reindex_cursor = $3::uuid', [project.id, rows.at(-1)!.id, cursor]);
    });
    tokens += rows.length;
  }
}

/** The PUT's pass: at most INLINE_REINDEX_MS; a failure is logged and left to the background job. */
export async function reindexMetadataInline(runtime: Deps & Pick<Runtime, 'logger'>, projectId: string): Promise<void> {
  try {
    await reindexMetadata(runtime, { projectId, deadline: Date.now() + INLINE_REINDEX_MS });
  } catch (error) {
    runtime.logger.warn({ err: error, projectId }, 'metadata re-index pass failed; the background job resumes it');
  }
}

/** The background job's pass: every project with a re-index under way, one after the other. */
export async function reindexPendingProjects(runtime: Deps, options: { signal?: AbortSignal } = {}): Promise<void> {
  const projects = await runtime.db.prisma.project.findMany({
    where: { OR: [{ metadataReindexCursor: { not: null } }, { metadataReindexStartedAt: { not: null } }] },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  for (const project of projects) {
    if (options.signal?.aborted) return;
    await reindexMetadata(runtime, { projectId: project.id, signal: options.signal });
  }
}
