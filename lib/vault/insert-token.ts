// One statement writes token rows and their audit rows: the token can never exist without the audit
// record of its creation (a data-modifying WITH runs to completion, or the whole statement fails). On
// PostgreSQL concurrent creations share the statement (group commit, lib/db/group-commit.ts): one round
// trip and one commit for many, each caller answered only once its rows are committed. The audit insert
// takes the chain's shared lock in the same statement, before its `nextval` (lib/audit/audit-chain.ts).
import { AUDIT_INSERT_LOCK } from '../audit/audit-chain';
import { AUDIT_ENTRY_COLUMNS, auditEntryValues } from '../audit/audit-writer';
import type { AuditEntry } from '../audit/record-audit';
import type { Database } from '../db/connect';
import { GroupCommit } from '../db/group-commit';

export type TokenRow = {
  id: string;
  token: string;
  projectId: string;
  applicationId: string | null;
  type: 'card' | 'bank';
  ciphertext: Uint8Array<ArrayBuffer>;
  mask: string;
  bin: string | null;
  last4: string;
  brand: string | null;
  fingerprint: string;
  testMode: boolean;
  createdAt: Date;
};

/** `keyVersion`: the data key version that sealed `ciphertext`. */
type NewToken = { row: TokenRow & { keyVersion: number }; audit: AuditEntry };

const TOKEN_COLUMNS = [
  ['id', '::uuid'], ['token', '::text'], ['project_id', '::uuid'], ['application_id', '::uuid'], ['type', '::"TokenType"'],
  ['ciphertext', '::bytea'], ['mask', '::text'], ['bin', '::text'], ['last4', '::text'], ['brand', '::text'], ['fingerprint', '::text'],
  ['test_mode', '::boolean'], ['created_at', '::timestamptz'], ['key_version', '::int'],
] as const;
const AUDIT_INPUT = AUDIT_ENTRY_COLUMNS.map(([name, cast]) => [`audit_${name}`, cast] as const);
const INPUT = [...TOKEN_COLUMNS, ...AUDIT_INPUT];
const names = (columns: readonly (readonly [string, string])[]) => columns.map(([name]) => name).join(', ');
const MAX_PREPARED_SIZE = 32;

/** `$n::cast` for each column, numbered from `offset + 1`. */
const parameters = (columns: readonly (readonly [string, string])[], offset: number) => columns.map(([, cast], index) => `$${offset + index + 1}${cast}`).join(', ');
const CREATED_AT = `$${TOKEN_COLUMNS.findIndex(([name]) => name === 'created_at') + 1}`;
const lock = `pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held`;

/**
 * The statement for a batch: one multi-row VALUES list, each column cast. A single row is written in the
 * plain form, cheapest to plan (PGlite plans every statement anew and always writes one row).
 */
function insertStatement(rows: number): string {
  if (rows === 1) {
    return `
  WITH inserted AS (INSERT INTO tokens (${names(TOKEN_COLUMNS)}) VALUES (${parameters(TOKEN_COLUMNS, 0)}))
  INSERT INTO audit_logs (${names(AUDIT_ENTRY_COLUMNS)}, created_at)
  SELECT ${parameters(AUDIT_INPUT, TOKEN_COLUMNS.length)}, ${CREATED_AT}::timestamptz FROM ${lock}`;
  }
  const values = Array.from({ length: rows }, (_, row) => `(${parameters(INPUT, row * INPUT.length)})`);
  return `
  WITH input (${names(INPUT)}) AS (VALUES ${values.join(', ')}),
  inserted AS (INSERT INTO tokens (${names(TOKEN_COLUMNS)}) SELECT ${names(TOKEN_COLUMNS)} FROM input)
  INSERT INTO audit_logs (${names(AUDIT_ENTRY_COLUMNS)}, created_at)
  SELECT ${names(AUDIT_INPUT)}, created_at FROM ${lock}, input`;
}
const statements = new Map<number, string>();
const statementFor = (rows: number) => statements.get(rows) ?? (rows <= MAX_PREPARED_SIZE ? statements.set(rows, insertStatement(rows)).get(rows)! : insertStatement(rows));

async function insertTokens(db: Pick<Database, 'sql' | 'kind'>, batch: NewToken[]): Promise<void> {
  const values: unknown[] = [];
  for (const { row, audit } of batch) {
    values.push(
      row.id, row.token, row.projectId, row.applicationId, row.type, row.ciphertext, row.mask, row.bin, row.last4, row.brand, row.fingerprint,
      row.testMode, row.createdAt, row.keyVersion, ...auditEntryValues({ ...audit, tokenId: row.id }),
    );
  }
  const name = batch.length <= MAX_PREPARED_SIZE ? `vault_insert_tokens_${batch.length}` : undefined;
  await db.sql.query(statementFor(batch.length), values, name);
}

// One group per database (a server has one; tests may open several).
const groups = new WeakMap<Pick<Database, 'sql' | 'kind'>['sql'], GroupCommit<NewToken>>();

/** Writes the token and its audit row; resolves once both are committed. */
export function insertTokenWithAudit(db: Pick<Database, 'sql' | 'kind'>, row: TokenRow & { keyVersion: number }, audit: AuditEntry): Promise<void> {
  let group = groups.get(db.sql);
  if (!group) {
    // PostgreSQL: a round trip and a commit per statement are the cost, so rows are grouped. PGlite runs
    // on this thread with neither, and a many-row statement costs it more than it saves: one row each.
    const grouped = db.kind === 'postgresql';
    group = new GroupCommit((batch) => insertTokens(db, batch), { maxBatch: grouped ? 200 : 1, maxInFlight: grouped ? 2 : 1, failWaitingOnOutage: true });
    groups.set(db.sql, group);
  }
  return group.add({ row, audit });
}
