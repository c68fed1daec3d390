// The cards of an export, read from the database in keyset pages and decrypted page by page: never the
// whole selection in memory. Only active card tokens: deleted, expired and destroyed tokens (no ciphertext)
// are not exported, nor bank tokens (the file's columns are a card's). The newest first, from the moment
// the read starts: tokens made meanwhile are not in the file.
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import type { Runtime } from '../runtime/types';
import { activeTokenSql } from '../tokens/token-status';
import { openMetadata, type TokenMetadata } from '../tokens/token-metadata-seal';
import { openPayload } from '../vault/token-payload';

export type ExportCard = {
  token: string;
  card_number: string;
  exp_month: string;
  exp_year: string;
  cardholder_name: string | null;
  external_id: string | null;
  metadata: TokenMetadata;
  fingerprint: string;
};

export type ExportSelection = { projectId: string; all: boolean; tokens: string[] };

export const EXPORT_PAGE_SIZE = 2000;

type StoredRow = {
  id: string;
  token: string;
  key_version: number;
  ciphertext: Uint8Array | null;
  metadata_sealed: Uint8Array | null;
  external_id: string | null;
  fingerprint: string;
  created_at: Date;
};

const FROM = `FROM tokens t JOIN projects p ON p.id = t.project_id
  WHERE t.project_id = $1::uuid AND t.type = 'card' AND ${activeTokenSql('$2')}`;
// Keyset pages along the index (project_id, created_at DESC, id DESC), as the token list reads it.
const PAGE = (columns: string, extra = '') =>
  `SELECT ${columns} ${FROM} ${extra} AND t.created_at <= $3 AND (t.created_at < $3 OR t.id < $4::uuid)
   ORDER BY t.created_at DESC, t.id DESC LIMIT $5`;
const LISTED = (columns: string, extra = '') => `SELECT ${columns} ${FROM} ${extra} AND t.token = ANY ($3::text[])`;

const FULL_COLUMNS = 't.id, t.token, t.key_version, t.ciphertext, t.metadata_sealed, t.external_id, t.fingerprint, t.created_at';
const METADATA_COLUMNS = 't.id, t.key_version, t.metadata_sealed, t.created_at';
const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** Raw rows of the selection, page by page (`metadataOnly`: the rows with metadata, fewer columns). */
async function* storedPages(runtime: Pick<Runtime, 'db'>, selection: ExportSelection, now: Date, metadataOnly: boolean, pageSize: number): AsyncGenerator<StoredRow[]> {
  const columns = metadataOnly ? METADATA_COLUMNS : FULL_COLUMNS;
  const extra = metadataOnly ? 'AND t.metadata_sealed IS NOT NULL' : '';
  if (!selection.all) {
    for (let start = 0; start < selection.tokens.length; start += pageSize) {
      const rows = await runtime.db.sql.query<StoredRow>(LISTED(columns, extra), [selection.projectId, now, selection.tokens.slice(start, start + pageSize)]);
      if (rows.length) yield rows;
    }
    return;
  }
  let cursor: [Date, string] = [now, LAST_ID];
  for (;;) {
    const params = [selection.projectId, now, cursor[0], cursor[1], pageSize];
    // The page must walk the index in order and stop: with stale statistics (right after a bulk import,
    // before autovacuum's ANALYZE) the planner picked a bitmap scan of the whole project and a sort, per
    // page, and timed out at a million tokens. Plans with a sort are ruled out for this statement only.
    const rows = await runtime.db.sql.transaction(async (tx) => {
      await tx.query("SELECT set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)", []);
      return tx.query<StoredRow>(PAGE(columns, extra), params);
    });
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last = rows.at(-1)!;
    cursor = [new Date(last.created_at), last.id];
  }
}

/** The project's data keys by version, fetched once each. */
function keysOf(runtime: Pick<Runtime, 'db' | 'keyring'>, project: ProjectKeyRef) {
  const keys = new Map<number, Buffer>();
  return async (version: number): Promise<Buffer> => {
    let key = keys.get(version);
    if (!key) keys.set(version, (key = await encryptionKeyForVersion(runtime, project, version)));
    return key;
  };
}

const readProject = (runtime: Pick<Runtime, 'db'>, projectId: string) =>
  runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_KEY_COLUMNS });

/** Every metadata key the selection's cards carry, sorted: the CSV's `metadata.*` columns (a first pass). */
export async function exportMetadataKeys(runtime: Pick<Runtime, 'db' | 'keyring'>, selection: ExportSelection, now: Date, pageSize = EXPORT_PAGE_SIZE): Promise<string[]> {
  const keyFor = keysOf(runtime, await readProject(runtime, selection.projectId));
  const names = new Set<string>();
  for await (const rows of storedPages(runtime, selection, now, true, pageSize)) {
    for (const row of rows) {
      const metadata = openMetadata(await keyFor(row.key_version), { projectId: selection.projectId, tokenId: row.id }, row.metadata_sealed);
      for (const name of Object.keys(metadata)) names.add(name);
    }
  }
  return [...names].sort();
}

type CardPayloadFields = { cardNumber: string; expirationMonth: string; expirationYear: string; firstName?: string; lastName?: string; cardholderName?: string };

/** The cardholder's name: an imported card's `cardholderName`, else the first and last names joined. */
function cardholderName(payload: CardPayloadFields): string | null {
  if (payload.cardholderName) return payload.cardholderName;
  const name = [payload.firstName, payload.lastName].filter(Boolean).join(' ');
  return name || null;
}

/** The selection's cards, decrypted a page at a time. */
export async function* exportCardPages(runtime: Pick<Runtime, 'db' | 'keyring'>, selection: ExportSelection, now: Date, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportCard[]> {
  const keyFor = keysOf(runtime, await readProject(runtime, selection.projectId));
  for await (const rows of storedPages(runtime, selection, now, false, pageSize)) {
    const cards: ExportCard[] = [];
    for (const row of rows) {
      if (!row.ciphertext) continue;
      const key = await keyFor(row.key_version);
      const owner = { projectId: selection.projectId, tokenId: row.id };
      const payload = openPayload(key, { ...owner, keyVersion: row.key_version }, row.ciphertext);
      if (payload.type !== 'card') continue;
      const fields = payload as unknown as CardPayloadFields;
      cards.push({
        token: row.token,
        card_number: fields.cardNumber,
        exp_month: fields.expirationMonth,
        exp_year: fields.expirationYear,
        cardholder_name: cardholderName(fields),
        external_id: row.external_id,
        metadata: openMetadata(key, owner, row.metadata_sealed),
        fingerprint: row.fingerprint,
      });
    }
    yield cards;
  }
}
