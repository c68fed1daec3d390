// One statement writes the token row and its audit row: one commit (one WAL flush) instead of two, and
// the token can never exist without the audit record of its creation. The audit insert takes the chain's
// shared lock in the same statement, before its `nextval` (lib/audit/audit-chain.ts).
import { randomUUID } from 'node:crypto';
import { AUDIT_INSERT_LOCK } from '../audit/audit-chain';
import type { AuditEntry } from '../audit/record-audit';
import type { Database } from '../db/connect';

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

const INSERT_TOKEN_WITH_AUDIT = `
  WITH inserted AS (
    INSERT INTO tokens (id, token, project_id, application_id, type, ciphertext, mask, bin, last4, brand, fingerprint, test_mode, created_at, key_version)
    VALUES ($1::uuid, $2, $3::uuid, $4::uuid, $5::"TokenType", $6, $7, $8, $9, $10, $11, $12, $13, $24)
    RETURNING id
  )
  INSERT INTO audit_logs (id, action, outcome, status_code, project_id, application_id, user_id, token_id, ip, request_id, created_at, account_id)
  SELECT $14::uuid, $15, $16, $17, $18::uuid, $19::uuid, $20::uuid, inserted.id, $21, $22, $13, $23::uuid
  FROM inserted, pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held`;

/** `keyVersion`: the data key version that sealed `ciphertext`. */
export async function insertTokenWithAudit(db: Pick<Database, 'sql'>, row: TokenRow & { keyVersion: number }, audit: AuditEntry): Promise<void> {
  await db.sql.query(INSERT_TOKEN_WITH_AUDIT, [
    row.id, row.token, row.projectId, row.applicationId, row.type, row.ciphertext, row.mask, row.bin, row.last4,
    row.brand, row.fingerprint, row.testMode, row.createdAt,
    randomUUID(), audit.action, audit.outcome, audit.statusCode, audit.projectId ?? null, audit.applicationId ?? null,
    audit.userId ?? null, audit.ip ?? null, audit.requestId, audit.accountId, row.keyVersion,
  ], 'vault_insert_token_with_audit');
}
