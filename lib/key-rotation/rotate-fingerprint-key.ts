// `vault keys rotate-data-key --project ID --fingerprints`: a new random fingerprint key for one project, then
// every token's fingerprint recomputed under it from its decrypted card or account number, so the same card
// still matches the same card (and nothing computed under the old key matches any more).
// Resumable: the project row carries the pass's cursor (the last token re-fingerprinted; null when done), a
// crash is finished by running the same command again (it resumes instead of starting another key), and
// each batch commits its fingerprints with the cursor. Servers keep running: a node's cached project may use
// the old key for up to API_KEY_CACHE_MS, so once that has passed, the tokens created since the start are
// swept once more.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY_CACHE_MS } from '../api-keys/api-key-cache';
import { fingerprintKeyAad, PROJECT_KEY_COLUMNS } from '../crypto/keyring';
import { isUuid } from '../core/uuid';
import type { Runtime } from '../runtime/types';
import { auditKeyCommand } from './audit-key-command';
import { openPayload, payloadFingerprint } from '../vault/token-payload';
import { metadataEntries, metadataSearchKey, openMetadata } from '../tokens/token-metadata-seal';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { KeyCommandError } from './rotate-data-key';
import { UPSERT_SEARCH_ENTRIES } from '../tokens/reindex-metadata';

const ZERO_ID = '00000000-0000-0000-0000-000000000000';
/** Margin for the clocks of the nodes that stamp created_at. */
const CLOCK_MARGIN_MS = 5_000;

type Deps = Pick<Runtime, 'db' | 'keyring' | 'audit' | 'logger'>;
// A destroyed token (expired or deleted, issue 25) has no ciphertext: its fingerprint cannot be recomputed
// and stays as it was (it matches nothing under the new key). Its metadata's search entries are rebuilt.
type TokenRow = { id: string; key_version: number; ciphertext: Uint8Array | null; metadata_sealed: Uint8Array | null };
const TOKEN_COLUMNS = 'id, key_version, ciphertext, metadata_sealed';

export type FingerprintRotation = { projectId: string; version: number; tokens: number; resumed: boolean };

type Refingerprinted = { ids: string[]; fingerprints: string[]; indexed: string[]; entryTokens: string[]; entryKeys: string[]; entryMacs: string[] };

/**
 * Recomputes the fingerprints of `rows` under the project's current fingerprint key, and the metadata search
 * entries under the search key derived from it; returns them by id.
 */
async function refingerprint(runtime: Deps, projectId: string, rows: TokenRow[]): Promise<Refingerprinted> {
  const project = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_KEY_COLUMNS });
  const { fingerprint } = runtime.keyring.projectKeys(project);
  const searchKey = metadataSearchKey(fingerprint);
  const out: Refingerprinted = { ids: [], fingerprints: [], indexed: [], entryTokens: [], entryKeys: [], entryMacs: [] };
  for (const row of rows) {
    const key = await encryptionKeyForVersion(runtime, project, row.key_version);
    const owner = { projectId, tokenId: row.id };
    if (row.ciphertext) {
      out.ids.push(row.id);
      out.fingerprints.push(payloadFingerprint(fingerprint, openPayload(key, { ...owner, keyVersion: row.key_version }, row.ciphertext)));
    }
    out.indexed.push(row.id);
    const entries = metadataEntries(searchKey, openMetadata(key, owner, row.metadata_sealed));
    for (const [index, entryKey] of entries.keys.entries()) {
      out.entryTokens.push(row.id);
      out.entryKeys.push(entryKey);
      out.entryMacs.push(entries.macs[index]!);
    }
  }
  return out;
}

// The fingerprints, then the batch's search entries replaced (the project's searchable keys only).
const UPDATE_FINGERPRINTS = `UPDATE tokens AS t SET fingerprint = s.fingerprint
  FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::text[]) AS fingerprint) AS s WHERE t.id = s.id`;
const REPLACE_SEARCH_ENTRIES = `WITH removed AS (DELETE FROM token_search_entries WHERE token_id = ANY ($5::uuid[]))${UPSERT_SEARCH_ENTRIES}`;

async function writeRefingerprinted(tx: Pick<Runtime['db']['sql'], 'query'>, projectId: string, batch: Refingerprinted): Promise<void> {
  await tx.query(UPDATE_FINGERPRINTS, [batch.ids, batch.fingerprints]);
  await tx.query(REPLACE_SEARCH_ENTRIES, [projectId, batch.entryTokens, batch.entryKeys, batch.entryMacs, batch.indexed]);
}

export async function rotateFingerprintKey(
  runtime: Deps,
  options: { projectId: string; batchSize?: number; settleMs?: number },
): Promise<FingerprintRotation> {
  if (!isUuid(options.projectId)) throw new KeyCommandError('--project must be a project id (a UUID)');
  const { sql } = runtime.db;
  const batchSize = options.batchSize ?? 500;
  const settleMs = options.settleMs ?? API_KEY_CACHE_MS;
  const started = await sql.transaction(async (tx) => {
    const [row] = await tx.query<{ account_id: string; fingerprint_key_version: number; fingerprint_rekey_cursor: string | null; fingerprint_rekey_started_at: Date | null }>(
      'SELECT account_id, fingerprint_key_version, fingerprint_rekey_cursor, fingerprint_rekey_started_at FROM projects WHERE id = $1::uuid FOR UPDATE',
      [options.projectId],
    );
    if (!row) throw new KeyCommandError(`No project ${options.projectId}`);
    if (row.fingerprint_rekey_cursor) {
      return { accountId: row.account_id, version: row.fingerprint_key_version, startedAt: new Date(row.fingerprint_rekey_started_at!), resumed: true };
    }
    const version = row.fingerprint_key_version + 1;
    const [{ now }] = (await tx.query<{ now: Date }>(
      `UPDATE projects SET fingerprint_key_wrapped = $2, fingerprint_key_version = $3, fingerprint_rekey_cursor = $4::uuid, fingerprint_rekey_started_at = now()
       WHERE id = $1::uuid RETURNING fingerprint_rekey_started_at AS now`,
      [options.projectId, runtime.keyring.wrapKey(randomBytes(32), fingerprintKeyAad(options.projectId)), version, ZERO_ID],
    )) as [{ now: Date }];
    return { accountId: row.account_id, version, startedAt: new Date(now), resumed: false };
  });
  const audit = (action: string) =>
    auditKeyCommand(runtime, {
      action,
      accountId: started.accountId,
      projectId: options.projectId,
      resource: `project:${options.projectId}:fingerprint-key-v${started.version}`,
    });
  if (!started.resumed) await audit('keys.rotate_fingerprint_key');

  let tokens = 0;
  for (;;) {
    const [project] = await sql.query<{ cursor: string | null }>('SELECT fingerprint_rekey_cursor AS cursor FROM projects WHERE id = $1::uuid', [options.projectId]);
    const cursor = project?.cursor;
    if (!cursor) break;
    const rows = await sql.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE project_id = $1::uuid AND id > $2::uuid ORDER BY id LIMIT ${batchSize}`, [
      options.projectId,
      cursor,
    ]);
    if (!rows.length) break;
    const batch = await refingerprint(runtime, options.projectId, rows);
    await sql.transaction(async (tx) => {
      await writeRefingerprinted(tx, options.projectId, batch);
      await tx.query('UPDATE projects SET fingerprint_rekey_cursor = $2::uuid WHERE id = $1::uuid AND fingerprint_rekey_cursor = $3::uuid', [options.projectId, rows.at(-1)!.id, cursor]);
    });
    tokens += rows.length;
  }

  // Nodes that still had the old key cached wrote their tokens' fingerprints under it: once none can any
  // more, the tokens created since the start are recomputed, and the rotation is done.
  const wait = started.startedAt.getTime() + settleMs - Date.now();
  if (wait > 0) await sleep(wait);
  const recent = await sql.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM tokens WHERE project_id = $1::uuid AND created_at >= $2`, [
    options.projectId,
    new Date(started.startedAt.getTime() - CLOCK_MARGIN_MS),
  ]);
  for (let i = 0; i < recent.length; i += batchSize) {
    const batch = await refingerprint(runtime, options.projectId, recent.slice(i, i + batchSize));
    await sql.transaction((tx) => writeRefingerprinted(tx, options.projectId, batch));
  }
  await sql.query('UPDATE projects SET fingerprint_rekey_cursor = NULL, fingerprint_rekey_started_at = NULL WHERE id = $1::uuid', [options.projectId]);
  await audit('keys.refingerprint');
  return { projectId: options.projectId, version: started.version, tokens, resumed: started.resumed };
}
