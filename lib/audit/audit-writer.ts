// Audit rows written on their own (every outcome but a token's creation, which shares the token's
// statement): group commit (lib/db/group-commit.ts), one INSERT at a time, rows arriving meanwhile go
// together in the next one. Every caller still waits until its own row is committed.
// Every row carries its writer MAC (lib/audit/audit-row.ts): the writer sets `created_at` itself (ms) so it
// knows the whole row but `seq`, and MACs that under the newest chain key. One HMAC per row.
import { uuidV7 } from '../crypto/uuid-v7';
import type { Keyring } from '../crypto/keyring';
import type { Database, SqlClient } from '../db/connect';
import { GroupCommit } from '../db/group-commit';
import { AUDIT_INSERT_LOCK } from './audit-chain';
import { rowMac, writerContent, type WrittenRow } from './audit-row';
import type { AuditEntry } from '../core/audit-entry';

const MAX_BATCH = 500;

/** The columns of an audit row that an entry fills, with their casts, in the order of `auditEntryValues`. */
export const AUDIT_ENTRY_COLUMNS = [
  ['id', '::uuid'], ['action', '::text'], ['outcome', '::text'], ['status_code', '::int'], ['account_id', '::uuid'], ['project_id', '::uuid'],
  ['application_id', '::uuid'], ['user_id', '::uuid'], ['token_id', '::uuid'], ['resource', '::text'], ['ip', '::text'], ['request_id', '::text'],
  ['created_at', '::timestamptz'], ['writer_mac', '::bytea'],
] as const;

export type AuditKeyring = Pick<Keyring, 'auditChainKey'>;

/**
 * An entry's values (a new row id first, its writer MAC last), for the statements that insert audit rows
 * (here, tokens, token reads). `createdAt` defaults to now; a token's row takes the token's.
 */
export function auditEntryValues(keyring: AuditKeyring, entry: AuditEntry, createdAt = new Date()): unknown[] {
  const row: WrittenRow = {
    id: uuidV7(), action: entry.action, outcome: entry.outcome, statusCode: entry.statusCode, accountId: entry.accountId,
    projectId: entry.projectId ?? null, applicationId: entry.applicationId ?? null, userId: entry.userId ?? null, tokenId: entry.tokenId ?? null,
    resource: entry.resource ?? null, ip: entry.ip ?? null, requestId: entry.requestId, createdAt,
  };
  return [
    row.id, row.action, row.outcome, row.statusCode, row.accountId, row.projectId, row.applicationId, row.userId, row.tokenId, row.resource,
    row.ip, row.requestId, createdAt.toISOString(), rowMac(keyring.auditChainKey(), writerContent(row)),
  ];
}

/**
 * One multi-row INSERT for a batch: its own commit, or part of the caller's transaction when `db.sql` is one
 * (a background job's rows written with the change they record, lib/tokens/expire-tokens.ts).
 */
export async function insertAuditRows(db: { sql: Pick<SqlClient, 'query'> }, keyring: AuditKeyring, entries: AuditEntry[]): Promise<void> {
  const values: unknown[] = [];
  const rows = entries.map((entry) => {
    const start = values.length;
    values.push(...auditEntryValues(keyring, entry));
    return `(${AUDIT_ENTRY_COLUMNS.map(([, cast], index) => `$${start + index + 1}${cast}`).join(', ')})`;
  });
  // Small batches (the common sizes) get a prepared statement per size; larger ones are parsed each time.
  const name = entries.length <= 32 ? `vault_insert_audit_mac_${entries.length}` : undefined;
  // The shared lock comes before any `nextval` of this statement: the sealer's horizon waits for it (audit-chain.ts).
  await db.sql.query(
    `INSERT INTO audit_logs (${AUDIT_ENTRY_COLUMNS.map(([name]) => name).join(', ')}) SELECT v.* FROM (VALUES ${rows.join(', ')}) AS v, pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held`,
    values,
    name,
  );
}

/**
 * One row on its own statement, committed when this resolves: for a use of card data whose row must exist
 * before the data is decrypted (lib/vault/get-token.ts).
 */
export async function insertAuditRow(db: Pick<Database, 'sql'>, keyring: AuditKeyring, entry: AuditEntry): Promise<void> {
  await insertAuditRows(db, keyring, [entry]);
}

export class AuditWriter {
  private readonly group: GroupCommit<AuditEntry>;

  constructor(db: Pick<Database, 'sql'>, keyring: AuditKeyring) {
    this.group = new GroupCommit((entries) => insertAuditRows(db, keyring, entries), { maxBatch: MAX_BATCH, maxInFlight: 1 });
  }

  write(entry: AuditEntry): Promise<void> {
    return this.group.add(entry);
  }
}
