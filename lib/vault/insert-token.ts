// One statement writes token rows and their audit rows: the token can never exist without the audit
// record of its creation (a data-modifying WITH runs to completion, or the whole statement fails). On
// PostgreSQL concurrent creations share the statement (group commit, lib/db/group-commit.ts): one round
// trip and one commit for many, each caller answered only once its rows are committed. The audit insert
// takes the chain's shared lock in the same statement, before its `nextval` (lib/audit/audit-chain.ts).
import { randomUUID } from 'node:crypto';
import { AUDIT_INSERT_LOCK } from '../audit/audit-chain';
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

// A batch is one multi-row VALUES list, each column cast; the common sizes get a prepared statement each.
const INPUT = [
  ['id', '::uuid'], ['token', '::text'], ['project_id', '::uuid'], ['application_id', '::uuid'], ['type', '::"TokenType"'],
  ['ciphertext', '::bytea'], ['mask', '::text'], ['bin', '::text'], ['last4', '::text'], ['brand', '::text'], ['fingerprint', '::text'],
  ['test_mode', '::boolean'], ['created_at', '::timestamptz'], ['key_version', '::int'], ['audit_id', '::uuid'], ['action', '::text'],
  ['outcome', '::text'], ['status_code', '::int'], ['audit_project_id', '::uuid'], ['audit_application_id', '::uuid'], ['user_id', '::uuid'],
  ['ip', '::text'], ['request_id', '::text'], ['account_id', '::uuid'],
] as const;
const MAX_PREPARED_SIZE = 32;

// One row: the plain form, cheapest to plan (PGlite plans every statement anew).
const INSERT_ONE = `
  WITH inserted AS (
    INSERT INTO tokens (id, token, project_id, application_id, type, ciphertext, mask, bin, last4, brand, fingerprint, test_mode, created_at, key_version)
    VALUES ($1::uuid, $2, $3::uuid, $4::uuid, $5::"TokenType", $6, $7, $8, $9, $10, $11, $12, $13, $14)
    RETURNING id
  )
  INSERT INTO audit_logs (id, action, outcome, status_code, project_id, application_id, user_id, token_id, ip, request_id, created_at, account_id)
  SELECT $15::uuid, $16, $17, $18, $19::uuid, $20::uuid, $21::uuid, inserted.id, $22, $23, $13, $24::uuid
  FROM inserted, pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held`;

function insertStatement(rows: number): string {
  const values = Array.from({ length: rows }, (_, row) => `(${INPUT.map(([, cast], column) => `$${row * INPUT.length + column + 1}${cast}`).join(', ')})`);
  return `
  WITH input (${INPUT.map(([name]) => name).join(', ')}) AS (VALUES ${values.join(', ')}),
  inserted AS (
    INSERT INTO tokens (id, token, project_id, application_id, type, ciphertext, mask, bin, last4, brand, fingerprint, test_mode, created_at, key_version)
    SELECT id, token, project_id, application_id, type, ciphertext, mask, bin, last4, brand, fingerprint, test_mode, created_at, key_version
    FROM input
  )
  INSERT INTO audit_logs (id, action, outcome, status_code, project_id, application_id, user_id, token_id, ip, request_id, created_at, account_id)
  SELECT audit_id, action, outcome, status_code, audit_project_id, audit_application_id, user_id, id, ip, request_id, created_at, account_id
  FROM pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held, input`;
}
const statements = new Map<number, string>();
statements.set(1, INSERT_ONE);
const statementFor = (rows: number) => statements.get(rows) ?? (rows <= MAX_PREPARED_SIZE ? statements.set(rows, insertStatement(rows)).get(rows)! : insertStatement(rows));

async function insertTokens(db: Pick<Database, 'sql' | 'kind'>, batch: NewToken[]): Promise<void> {
  const values: unknown[] = [];
  for (const { row, audit } of batch) {
    values.push(
      row.id, row.token, row.projectId, row.applicationId, row.type, row.ciphertext, row.mask, row.bin, row.last4, row.brand, row.fingerprint,
      row.testMode, row.createdAt, row.keyVersion, randomUUID(), audit.action, audit.outcome, audit.statusCode, audit.projectId ?? null,
      audit.applicationId ?? null, audit.userId ?? null, audit.ip ?? null, audit.requestId, audit.accountId,
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
