// One statement writes token rows, their audit rows and their `token.created` events with the events'
// deliveries (outbox; the fan-out and its NOTIFY are record-event.ts's, so the subscription rule lives once):
// the token can never exist without the audit record and the event of its creation, nor they without it
// (a data-modifying WITH runs to completion, or the whole statement fails). The event's id and envelope
// text are made in JS per row (lib/tokens/token-event-data.ts) and travel as two more columns.
// Concurrent creations share the statement (group commit, lib/db/group-commit.ts): one round
// trip and one commit for many, each caller answered only once its rows are committed. The audit insert
// takes the chain's shared lock in the same statement, before its `nextval` (lib/audit/audit-chain.ts), and
// carries its writer MAC like every audit row (lib/audit/audit-writer.ts). A token value already taken
// writes nothing for its row (ON CONFLICT DO NOTHING, the audit row and event joined on what was inserted);
// that row draws a new value and goes again (issue 25's format-preserving tokens can repeat). A batch with
// metadata index entries writes them in one more CTE, for the keys the project lists at that moment.
import { AUDIT_INSERT_LOCK } from '../audit/audit-chain';
import { AUDIT_ENTRY_COLUMNS, auditEntryValues } from '../audit/audit-writer';
import { VaultError } from '../core/errors';
import type { AuditEntry } from '../core/audit-entry';
import type { Keyring } from '../crypto/keyring';
import type { Database } from '../db/connect';
import { GroupCommit } from '../db/group-commit';
import { FAN_OUT, NOTIFY_IF_FANNED } from '../events/record-event';
import type { StoredTokenRow } from '../tokens/token-row';
import type { TokenFormat } from './token-formats';

/** The `token.created` event of a row: its id and its envelope's JSON text (stored and sent as is). */
export type TokenEvent = { id: string; body: string };

/** `keyVersion`: the data key version that sealed `ciphertext`. */
// The audit row's values (with its writer MAC) are made by each caller as it adds its token, not when the
// batch is built: building 200 MACs there held up the statement every waiting caller depends on.
type NewToken = {
  row: StoredTokenRow & {
    keyVersion: number;
    tokenFormat: TokenFormat;
    /** Absent: no metadata, no expiry, no index entries. */
    metadataSealed?: Uint8Array | null;
    expiresAt?: Date | null;
    /** The search index entries of every metadata key; the statement keeps the project's searchable ones. */
    search?: { keys: string[]; macs: string[] };
  };
  auditValues: unknown[];
  event: TokenEvent;
  /** For a value drawn again after a collision: the audit entry, the event of a row, a new value. */
  audit: AuditEntry;
  eventOf: (row: NewToken['row']) => TokenEvent;
  nextValue: () => string;
  /** Set when no free value was found: this caller's own failure (the rest of its batch is committed). */
  failure?: VaultError;
};

const TOKEN_COLUMNS = [
  ['id', '::uuid'], ['token', '::text'], ['project_id', '::uuid'], ['application_id', '::uuid'], ['type', '::"TokenType"'],
  ['ciphertext', '::bytea'], ['mask', '::text'], ['bin', '::text'], ['last4', '::text'], ['brand', '::text'], ['fingerprint', '::text'],
  ['test_mode', '::boolean'], ['created_at', '::timestamptz'], ['key_version', '::int'], ['token_format', '::"TokenFormat"'],
  ['metadata_sealed', '::bytea'], ['expires_at', '::timestamptz'], ['last_used_at', '::timestamptz'],
] as const;
const AUDIT_INPUT = AUDIT_ENTRY_COLUMNS.map(([name, cast]) => [`audit_${name}`, cast] as const);
const EVENT_INPUT = [['event_id', '::text'], ['event_body', '::text']] as const;
const SEARCH_INPUT = [['search_keys', '::text[]'], ['search_macs', '::text[]']] as const;
const INPUT = [...TOKEN_COLUMNS, ...AUDIT_INPUT, ...EVENT_INPUT];
const INDEXED_INPUT = [...INPUT, ...SEARCH_INPUT];
const names = (columns: readonly (readonly [string, string])[]) => columns.map(([name]) => name).join(', ');
const MAX_PREPARED_SIZE = 64;

/** `$n::cast` for each column, numbered from `offset + 1`. */
const parameters = (columns: readonly (readonly [string, string])[], offset: number) => columns.map(([, cast], index) => `$${offset + index + 1}${cast}`).join(', ');
const position = (name: string) => `$${TOKEN_COLUMNS.findIndex(([column]) => column === name) + 1}`;
const CREATED_AT = position('created_at');
// The audit row's created_at is the token's (its writer MAC covers it): passed again among the audit values.
const lock = `pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held`;
const EVENT_COLUMNS = 'id, project_id, type, body, created_at';
// The event CTE returns what FAN_OUT joins on; the statement's one row says whether it notified and which
// token rows it wrote.
const EVENT_RETURNING = 'RETURNING id, project_id, type, created_at';
// Metadata index entries: only the keys the project marks searchable, read in the same statement (a list
// changed meanwhile is caught by the re-index's final sweep, lib/tokens/reindex-metadata.ts).
const SEARCH_COLUMNS = 'token_id, project_id, key, value_mac, created_at';
// A token value already taken (a format-preserving draw can repeat) writes nothing for that row: no token,
// audit row or event. The statement says which rows it wrote; the others draw again (insertTokens).
const ON_COLLISION = 'ON CONFLICT (token) DO NOTHING RETURNING id';
const FINISH = `${FAN_OUT('event')}
  SELECT ${NOTIFY_IF_FANNED} AS notified, ARRAY(SELECT id::text FROM inserted) AS inserted`;

/**
 * The statement for a batch: one multi-row VALUES list, each column cast. A single row is written in the
 * plain form, cheapest to plan. Sizes up to MAX_PREPARED_SIZE are named (prepared) statements. `indexed`:
 * the batch has metadata index entries, written by one more CTE (a batch without any skips it and its two
 * array parameters).
 */
function insertStatement(rows: number, indexed: boolean): string {
  if (rows === 1) {
    const [eventId, eventBody, searchKeys, searchMacs] = [...EVENT_INPUT, ...SEARCH_INPUT].map(([, cast], index) => `$${TOKEN_COLUMNS.length + AUDIT_INPUT.length + index + 1}${cast}`);
    const indexEntries = `
  indexed AS (
    INSERT INTO token_search_entries (${SEARCH_COLUMNS})
    SELECT inserted.id, ${position('project_id')}::uuid, entry.key, entry.mac, ${CREATED_AT}::timestamptz
    FROM inserted, unnest(${searchKeys}, ${searchMacs}) AS entry (key, mac), projects
    WHERE projects.id = ${position('project_id')}::uuid AND entry.key = ANY (projects.searchable_metadata_keys)
  ),`;
    return `
  WITH inserted AS (INSERT INTO tokens (${names(TOKEN_COLUMNS)}) VALUES (${parameters(TOKEN_COLUMNS, 0)}) ${ON_COLLISION}),
  audited AS (
    INSERT INTO audit_logs (${names(AUDIT_ENTRY_COLUMNS)})
    SELECT ${parameters(AUDIT_INPUT, TOKEN_COLUMNS.length)} FROM ${lock}, inserted
  ),
  event AS (
    INSERT INTO webhook_events (${EVENT_COLUMNS})
    SELECT ${eventId}, ${position('project_id')}::uuid, 'token.created', ${eventBody}, ${CREATED_AT}::timestamptz FROM inserted ${EVENT_RETURNING}
  ),${indexed ? indexEntries : ''}${FINISH}`;
  }
  const input = indexed ? INDEXED_INPUT : INPUT;
  const values = Array.from({ length: rows }, (_, row) => `(${parameters(input, row * input.length)})`);
  const indexEntries = `
  indexed AS (
    INSERT INTO token_search_entries (${SEARCH_COLUMNS})
    SELECT input.id, input.project_id, entry.key, entry.mac, input.created_at
    FROM input JOIN inserted ON inserted.id = input.id, unnest(input.search_keys, input.search_macs) AS entry (key, mac), projects
    WHERE projects.id = input.project_id AND entry.key = ANY (projects.searchable_metadata_keys)
  ),`;
  return `
  WITH input (${names(input)}) AS (VALUES ${values.join(', ')}),
  inserted AS (INSERT INTO tokens (${names(TOKEN_COLUMNS)}) SELECT ${names(TOKEN_COLUMNS)} FROM input ${ON_COLLISION}),
  audited AS (
    INSERT INTO audit_logs (${names(AUDIT_ENTRY_COLUMNS)})
    SELECT ${names(AUDIT_INPUT)} FROM ${lock}, input JOIN inserted ON inserted.id = input.id
  ),
  event AS (
    INSERT INTO webhook_events (${EVENT_COLUMNS})
    SELECT event_id, project_id, 'token.created', event_body, created_at FROM input JOIN inserted ON inserted.id = input.id ${EVENT_RETURNING}
  ),${indexed ? indexEntries : ''}${FINISH}`;
}
const statements = new Map<string, string>();
function statementFor(rows: number, indexed: boolean): string {
  if (rows > MAX_PREPARED_SIZE) return insertStatement(rows, indexed);
  const key = `${rows}${indexed ? 'i' : ''}`;
  return statements.get(key) ?? statements.set(key, insertStatement(rows, indexed)).get(key)!;
}

/** One statement for the batch; the ids of the rows it wrote (a row whose value was taken is not among them). */
async function insertOnce(db: Pick<Database, 'sql' | 'kind'>, batch: NewToken[]): Promise<Set<string>> {
  const indexed = batch.some(({ row }) => row.search?.keys.length);
  const values: unknown[] = [];
  for (const { row, auditValues, event } of batch) {
    values.push(
      row.id, row.token, row.projectId, row.applicationId, row.type, row.ciphertext, row.mask, row.bin, row.last4, row.brand, row.fingerprint,
      row.testMode, row.createdAt, row.keyVersion, row.tokenFormat, row.metadataSealed ?? null, row.expiresAt ?? null, row.createdAt, ...auditValues, event.id, event.body,
    );
    if (indexed) values.push(row.search?.keys ?? [], row.search?.macs ?? []);
  }
  const name = batch.length <= MAX_PREPARED_SIZE ? `vault_insert_tokens_${batch.length}${indexed ? '_indexed' : ''}` : undefined;
  const [result] = await db.sql.query<{ inserted: string[] }>(statementFor(batch.length, indexed), values, name);
  return new Set(result?.inserted ?? []);
}

/** Draws of a taken value before a caller is told its format has no free value left (a 13-digit card's bucket). */
const MAX_DRAWS = 8;

/** Writes the batch; rows whose value was taken draw a new one (new event and audit MAC) and go again. */
async function insertTokens(db: Pick<Database, 'sql' | 'kind'>, keyring: Pick<Keyring, 'auditChainKey'>, batch: NewToken[]): Promise<void> {
  let pending = batch;
  for (let draw = 1; pending.length; draw += 1) {
    const written = await insertOnce(db, pending);
    pending = pending.filter((item) => !written.has(item.row.id));
    for (const item of pending) {
      if (draw >= MAX_DRAWS) {
        item.failure = new VaultError('conflict', 'No free token value is left in this format for this card: use token_format random or uuid');
        continue;
      }
      item.row.token = item.nextValue();
      item.event = item.eventOf(item.row);
      item.auditValues = auditEntryValues(keyring, { ...item.audit, tokenId: item.row.id }, item.row.createdAt);
    }
    if (draw >= MAX_DRAWS) return;
  }
}

// One group per database (a server has one; tests may open several).
const groups = new WeakMap<Pick<Database, 'sql' | 'kind'>['sql'], GroupCommit<NewToken>>();

/**
 * Writes the token, its audit row and its `token.created` event; resolves once all are committed. When the
 * row's value is taken, `draw.nextValue()` gives another and `draw.eventOf(row)` its event; `row.token`
 * then holds the value written. Rejects with a 409 `conflict` when no free value was found.
 */
export async function insertTokenWithAudit(
  runtime: { db: Pick<Database, 'sql' | 'kind'>; keyring: Pick<Keyring, 'auditChainKey'> },
  row: NewToken['row'],
  audit: AuditEntry,
  draw: { eventOf: NewToken['eventOf']; nextValue: () => string },
): Promise<void> {
  const { db } = runtime;
  let group = groups.get(db.sql);
  if (!group) {
    // PostgreSQL: a round trip and a commit per statement are the cost; rows are grouped up to 200, two
    // statements in flight. PGlite runs in this thread: a prepared 16-row statement costs it a quarter per
    // row of a 1-row one (executor start, commit, WAL write), so rows are grouped there too, up to the
    // largest prepared size, gathered over one turn of the event loop (GroupCommitOptions.gatherEachTurn).
    group =
      db.kind === 'postgresql'
        ? new GroupCommit((batch) => insertTokens(db, runtime.keyring, batch), { maxBatch: 200, maxInFlight: 2, failWaitingOnOutage: true })
        : new GroupCommit((batch) => insertTokens(db, runtime.keyring, batch), { maxBatch: MAX_PREPARED_SIZE, maxInFlight: 1, failWaitingOnOutage: true, gatherEachTurn: true });
    groups.set(db.sql, group);
  }
  const item: NewToken = { row, auditValues: auditEntryValues(runtime.keyring, { ...audit, tokenId: row.id }, row.createdAt), event: draw.eventOf(row), audit, ...draw };
  await group.add(item);
  if (item.failure) throw item.failure;
}
