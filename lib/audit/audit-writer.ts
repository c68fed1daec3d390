// Audit rows written on their own (every outcome but a token's creation, which shares the token's
// statement): group commit (lib/db/group-commit.ts), one INSERT at a time, rows arriving meanwhile go
// together in the next one. Every caller still waits until its own row is committed.
import { uuidV7 } from '../crypto/uuid-v7';
import type { Database } from '../db/connect';
import { GroupCommit } from '../db/group-commit';
import { AUDIT_INSERT_LOCK } from './audit-chain';
import type { AuditEntry } from './record-audit';

const MAX_BATCH = 500;

/** The columns of an audit row that an entry fills, with their casts, in the order of `auditEntryValues`. */
export const AUDIT_ENTRY_COLUMNS = [
  ['id', '::uuid'], ['action', '::text'], ['outcome', '::text'], ['status_code', '::int'], ['account_id', '::uuid'], ['project_id', '::uuid'],
  ['application_id', '::uuid'], ['user_id', '::uuid'], ['token_id', '::uuid'], ['resource', '::text'], ['ip', '::text'], ['request_id', '::text'],
] as const;

/** An entry's values (a new row id first), for the statements that insert audit rows (here, tokens, token reads). */
export function auditEntryValues(entry: AuditEntry): unknown[] {
  return [
    uuidV7(), entry.action, entry.outcome, entry.statusCode, entry.accountId, entry.projectId ?? null, entry.applicationId ?? null,
    entry.userId ?? null, entry.tokenId ?? null, entry.resource ?? null, entry.ip ?? null, entry.requestId,
  ];
}

/** One multi-row INSERT (one commit) for a batch. */
async function insertAuditRows(db: Pick<Database, 'sql'>, entries: AuditEntry[]): Promise<void> {
  const values: unknown[] = [];
  const rows = entries.map((entry) => {
    const start = values.length;
    values.push(...auditEntryValues(entry));
    return `(${AUDIT_ENTRY_COLUMNS.map(([, cast], index) => `$${start + index + 1}${cast}`).join(', ')})`;
  });
  // Small batches (the common sizes) get a prepared statement per size; larger ones are parsed each time.
  const name = entries.length <= 32 ? `vault_insert_audit_${entries.length}` : undefined;
  // The shared lock comes before any `nextval` of this statement: the sealer's horizon waits for it (audit-chain.ts).
  await db.sql.query(
    `INSERT INTO audit_logs (${AUDIT_ENTRY_COLUMNS.map(([name]) => name).join(', ')}) SELECT v.* FROM (VALUES ${rows.join(', ')}) AS v, pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held`,
    values,
    name,
  );
}

export class AuditWriter {
  private readonly group: GroupCommit<AuditEntry>;

  constructor(db: Pick<Database, 'sql'>) {
    this.group = new GroupCommit((entries) => insertAuditRows(db, entries), { maxBatch: MAX_BATCH, maxInFlight: 1 });
  }

  write(entry: AuditEntry): Promise<void> {
    return this.group.add(entry);
  }
}
