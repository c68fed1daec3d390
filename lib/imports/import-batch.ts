// One batch of an import (issue 26), written in ONE transaction: its tokens (sealed like tokenize's, with
// `external_id`), their metadata search entries, the batch's import_rows (outcome, code, field, token: never
// card data), the import's counters and `rows_done`, and one audit row. A crash or a cancel between two
// statements leaves the batch wholly absent, and a resumed import starts after the last `rows_done`.
//
// Per row, in order: a row that failed validation is `failed`; an `external_id` this project already has a
// token for (imported before, or by an earlier row of this file) is `skipped` (`already_imported`) and maps
// to that token; with `deduplicate`, a card whose fingerprint and type already have an active token (or a
// token made by an earlier row of this file) is `skipped` (`deduplicated`) and maps to it; the rest are
// inserted. A token value already taken (format-preserving draws can repeat) is drawn again, 8 times at most.
// No `token.created` event per token: the import's one `import.completed` event says what it stored.
import type { AuditEntry } from '../core/audit-entry';
import { insertAuditRows } from '../audit/audit-writer';
import { detectBrand, displayedBin, last4, maskPan } from '../cards/card-rules';
import { maskAccount, visibleAccountDigits } from '../cards/bank-rules';
import type { ProjectKeys } from '../crypto/keyring';
import { uuidV7 } from '../crypto/uuid-v7';
import type { Runtime } from '../runtime/types';
import { metadataEntries, metadataSearchKey, sealMetadata } from '../tokens/token-metadata-seal';
import { activeTokenSql } from '../tokens/token-status';
import { newTokenValue, type TokenFormat } from '../vault/token-formats';
import { payloadFingerprint, sealPayload } from '../vault/token-payload';
import type { InvalidRow, ValidRow } from './validate-import-row';

export type BatchRow = { row: number; result: ValidRow | InvalidRow };

export type BatchContext = {
  importId: string;
  workerId: string;
  projectId: string;
  testMode: boolean;
  keys: ProjectKeys;
  tokenFormat: TokenFormat;
  deduplicate: boolean;
  /** The batch's audit row (action, who); the resource is filled in here. */
  audit: Omit<AuditEntry, 'resource'>;
};

export type BatchCounts = { imported: number; skipped: number; failed: number };

type Outcome = { row: number; outcome: 'imported' | 'skipped' | 'failed'; externalId: string | null; tokenId: string | null; expMonth: string | null; expYear: string | null; code: string | null; field: string | null };

type NewToken = {
  index: number;
  id: string;
  token: string;
  type: 'card' | 'bank';
  ciphertext: Buffer;
  mask: string;
  bin: string | null;
  last4: string;
  brand: string | null;
  fingerprint: string;
  metadataSealed: Buffer | null;
  externalId: string | null;
  pan: string | null;
  search: { keys: string[]; macs: string[] };
};

const INSERT_TOKENS = `
  INSERT INTO tokens (id, token, token_format, project_id, type, ciphertext, key_version, mask, bin, last4, brand, fingerprint, test_mode,
                      created_at, last_used_at, metadata_sealed, external_id)
  SELECT u.id, u.token, $2::"TokenFormat", $1::uuid, u.type::"TokenType", u.ciphertext, $3::int, u.mask, u.bin, u.last4, u.brand, u.fingerprint, $4::boolean,
         $5::timestamptz, $5::timestamptz, u.metadata_sealed, u.external_id
  FROM unnest($6::uuid[], $7::text[], $8::text[], $9::bytea[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bytea[], $16::text[])
       AS u (id, token, type, ciphertext, mask, bin, last4, brand, fingerprint, metadata_sealed, external_id),
       -- PostgreSQL: the batch's commit does not wait for its WAL flush (a server crash can lose the last
       -- batches committed, but with their rows_done: same transaction, so the resumed import writes them
       -- again). PGlite runs in this process, which a kill takes down with it: it keeps synchronous commits.
       (SELECT set_config('synchronous_commit', $17, true)) AS commit_mode
  ON CONFLICT DO NOTHING
  RETURNING id`;

const INSERT_SEARCH = `
  INSERT INTO token_search_entries (token_id, project_id, key, value_mac, created_at)
  SELECT e.token_id, $1::uuid, e.key, e.mac, $2::timestamptz
  FROM unnest($3::uuid[], $4::text[], $5::text[]) AS e (token_id, key, mac), projects p
  WHERE p.id = $1::uuid AND e.key = ANY (p.searchable_metadata_keys)`;

// The batch's row outcomes and the import's advance, in one statement (one round trip). The advance only
// while this worker holds the import and it was not moved on meanwhile: otherwise the batch rolls back.
const INSERT_ROWS_AND_ADVANCE = `
  WITH outcomes AS (
    INSERT INTO import_rows (import_id, row, outcome, external_id, token_id, exp_month, exp_year, code, field)
    SELECT $1::uuid, u.row, u.outcome, u.external_id, u.token_id, u.exp_month, u.exp_year, u.code, u.field
    FROM unnest($2::int[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS u (row, outcome, external_id, token_id, exp_month, exp_year, code, field)
    ON CONFLICT (import_id, row) DO NOTHING
  )
  UPDATE imports SET rows_done = $11, rows_imported = rows_imported + $12, rows_skipped = rows_skipped + $13, rows_failed = rows_failed + $14,
                     claimed_until = greatest(claimed_until, now() + interval '60 seconds')
  WHERE id = $1::uuid AND claimed_by = $10 AND status = 'running' AND rows_done < $11
  RETURNING cancel_requested`;

const MAX_DRAWS = 8;

export class LostClaimError extends Error {
  constructor() {
    super('The import is no longer held by this worker');
  }
}

function display(result: ValidRow): Pick<NewToken, 'mask' | 'bin' | 'last4' | 'brand' | 'pan'> {
  const payload = result.payload;
  if (payload.type === 'card') {
    const pan = payload.cardNumber;
    return { mask: maskPan(pan), bin: displayedBin(pan), last4: last4(pan), brand: detectBrand(pan), pan };
  }
  return { mask: maskAccount(payload.accountNumber), bin: null, last4: visibleAccountDigits(payload.accountNumber), brand: null, pan: null };
}

/** Seals and fingerprints the batch's valid rows (CPU work, done before the transaction opens). */
export function prepareTokens(context: BatchContext, rows: BatchRow[]): Map<number, NewToken> {
  const prepared = new Map<number, NewToken>();
  rows.forEach(({ result }, index) => {
    if (!result.ok) return;
    const id = uuidV7();
    const owner = { projectId: context.projectId, tokenId: id };
    const shown = display(result);
    prepared.set(index, {
      index,
      id,
      token: newTokenValue(context.tokenFormat, shown.pan),
      type: result.payload.type,
      ciphertext: sealPayload(context.keys.encryption, owner, result.payload),
      ...shown,
      fingerprint: payloadFingerprint(context.keys.fingerprint, result.payload),
      metadataSealed: sealMetadata(context.keys.encryption, owner, result.metadata),
      externalId: result.externalId,
      search: metadataEntries(() => metadataSearchKey(context.keys.fingerprint), result.metadata),
    });
  });
  return prepared;
}

export async function writeBatch(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  context: BatchContext,
  rows: BatchRow[],
  rowsDone: number,
  prepared: Map<number, NewToken> = prepareTokens(context, rows),
  /** The previous batch, still committing (two batches may be written at once, on two connections). */
  after: Promise<unknown> | null = null,
): Promise<BatchCounts & { cancelRequested: boolean }> {
  return runtime.db.sql.transaction(async (tx) => {
    const now = new Date();
    const outcomes: Outcome[] = rows.map(({ row, result }) =>
      result.ok
        ? { row, outcome: 'imported', externalId: result.externalId, tokenId: null, expMonth: result.expMonth, expYear: result.expYear, code: null, field: null }
        : { row, outcome: 'failed', externalId: result.externalId, tokenId: null, expMonth: null, expYear: null, code: result.code, field: result.field },
    );
    const skip = (index: number, tokenId: string, code: string) => {
      prepared.delete(index);
      Object.assign(outcomes[index]!, { outcome: 'skipped', tokenId, code, field: code === 'already_imported' ? 'external_id' : null });
    };

    // A repeated external_id within the batch maps to its first row's token (resolved after the insert).
    const firstWith = new Map<string, number>();
    const repeats = new Map<number, number>();
    for (const token of [...prepared.values()]) {
      if (token.externalId === null) continue;
      const first = firstWith.get(token.externalId);
      if (first === undefined) firstWith.set(token.externalId, token.index);
      else {
        repeats.set(token.index, first);
        prepared.delete(token.index);
      }
    }
    // Deduplicate: the oldest active token of each fingerprint and type (or the batch's first of the card).
    if (context.deduplicate && prepared.size) {
      const byCard = new Map<string, string>();
      const fingerprints = [...new Set([...prepared.values()].map((token) => token.fingerprint))];
      const found = await tx.query<{ fingerprint: string; type: string; id: string }>(
        `SELECT DISTINCT ON (t.fingerprint, t.type) t.fingerprint, t.type::text AS type, t.id
           FROM tokens t JOIN projects p ON p.id = t.project_id
          WHERE t.project_id = $1::uuid AND t.fingerprint = ANY ($2::text[]) AND ${activeTokenSql('$3::timestamptz')}
          ORDER BY t.fingerprint, t.type, t.created_at, t.id`,
        [context.projectId, fingerprints, now],
      );
      for (const { fingerprint, type, id } of found) byCard.set(`${type}:${fingerprint}`, id);
      for (const token of [...prepared.values()]) {
        const card = `${token.type}:${token.fingerprint}`;
        const same = byCard.get(card);
        if (same) skip(token.index, same, 'deduplicated');
        else byCard.set(card, token.id);
      }
    }

    // Insert (ON CONFLICT DO NOTHING): a row not written either carries an external_id the project already
    // has (skipped, mapped to that token; a concurrent batch's is waited for by the unique index) or drew
    // a token value already taken (drawn again).
    let pending = [...prepared.values()];
    for (let draw = 1; pending.length; draw += 1) {
      const written = new Set(
        (
          await tx.query<{ id: string }>(INSERT_TOKENS, [
            context.projectId, context.tokenFormat, context.keys.version, context.testMode, now,
            pending.map((t) => t.id), pending.map((t) => t.token), pending.map((t) => t.type), pending.map((t) => t.ciphertext),
            pending.map((t) => t.mask), pending.map((t) => t.bin), pending.map((t) => t.last4), pending.map((t) => t.brand),
            pending.map((t) => t.fingerprint), pending.map((t) => t.metadataSealed), pending.map((t) => t.externalId),
            runtime.db.kind === 'postgresql' ? 'off' : 'on',
          ])
        ).map((row) => row.id),
      );
      pending = pending.filter((token) => !written.has(token.id));
      if (!pending.length) break;
      const withIds = pending.filter((token) => token.externalId !== null);
      if (withIds.length) {
        const found = await tx.query<{ external_id: string; id: string }>(
          'SELECT external_id, id FROM tokens WHERE project_id = $1::uuid AND external_id = ANY ($2::text[])',
          [context.projectId, withIds.map((token) => token.externalId)],
        );
        const holders = new Map(found.map((row) => [row.external_id, row.id]));
        for (const token of withIds) {
          const holder = holders.get(token.externalId!);
          if (holder && holder !== token.id) skip(token.index, holder, 'already_imported');
        }
        pending = pending.filter((token) => prepared.has(token.index));
      }
      for (const token of pending) {
        if (draw >= MAX_DRAWS) {
          prepared.delete(token.index);
          Object.assign(outcomes[token.index]!, { outcome: 'failed', code: 'token_format_exhausted', field: null });
        } else token.token = newTokenValue(context.tokenFormat, token.pan);
      }
      if (draw >= MAX_DRAWS) break;
    }
    for (const token of prepared.values()) outcomes[token.index]!.tokenId = token.id;
    for (const [index, first] of repeats) {
      const tokenId = outcomes[first]!.tokenId;
      if (tokenId) skip(index, tokenId, 'already_imported');
      else Object.assign(outcomes[index]!, { outcome: 'failed', code: outcomes[first]!.code, field: outcomes[first]!.field });
    }

    const indexed = [...prepared.values()].filter((token) => token.search.keys.length);
    if (indexed.length) {
      const ids: string[] = [];
      const keys: string[] = [];
      const macs: string[] = [];
      for (const token of indexed) {
        token.search.keys.forEach((key, index) => {
          ids.push(token.id);
          keys.push(key);
          macs.push(token.search.macs[index]!);
        });
      }
      await tx.query(INSERT_SEARCH, [context.projectId, now, ids, keys, macs]);
    }

    const counts: BatchCounts = { imported: 0, skipped: 0, failed: 0 };
    for (const outcome of outcomes) counts[outcome.outcome] += 1;
    // Batches commit in file order: this one's rows_done only once the previous batch has committed (its
    // failure rolls this one back too).
    if (after) await after;
    const advanced = await tx.query<{ cancel_requested: boolean }>(INSERT_ROWS_AND_ADVANCE, [
      context.importId,
      outcomes.map((o) => o.row), outcomes.map((o) => o.outcome), outcomes.map((o) => o.externalId), outcomes.map((o) => o.tokenId),
      outcomes.map((o) => o.expMonth), outcomes.map((o) => o.expYear), outcomes.map((o) => o.code), outcomes.map((o) => o.field),
      context.workerId, rowsDone, counts.imported, counts.skipped, counts.failed,
    ]);
    if (!advanced.length) throw new LostClaimError();
    await insertAuditRows({ sql: tx }, runtime.keyring, [{ ...context.audit, resource: `import:${context.importId} rows=${rows.length}` }]);
    return { ...counts, cancelRequested: advanced[0]!.cancel_requested };
  });
}
