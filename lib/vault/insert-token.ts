// One statement writes token rows and their audit rows: the token can never exist without the audit
// record of its creation. Concurrent creations share the statement (group commit, lib/db/group-commit.ts):
// one round trip and one commit for many, each caller answered only once its rows are committed. The
// audit insert takes the chain's shared lock in the same statement, before its `nextval`
// (lib/audit/audit-chain.ts).
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

// One array parameter per column (unnest): the same statement text, prepared once, for every batch size.
// Ciphertexts travel as hex text and the type as text: PGlite has no array codec for bytea or the enum.
const INSERT_TOKENS_WITH_AUDIT = `
  WITH input AS (
    SELECT * FROM unnest(
      $1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
      $10::text[], $11::text[], $12::boolean[], $13::timestamptz[], $14::int[],
      $15::uuid[], $16::text[], $17::text[], $18::int[], $19::uuid[], $20::uuid[], $21::uuid[], $22::text[], $23::text[], $24::uuid[]
    ) AS t(id, token, project_id, application_id, type, ciphertext, mask, bin, last4, brand, fingerprint, test_mode, created_at, key_version,
           audit_id, action, outcome, status_code, audit_project_id, audit_application_id, user_id, ip, request_id, account_id)
  ), inserted AS (
    INSERT INTO tokens (id, token, project_id, application_id, type, ciphertext, mask, bin, last4, brand, fingerprint, test_mode, created_at, key_version)
    SELECT id, token, project_id, application_id, type::"TokenType", decode(ciphertext, 'hex'), mask, bin, last4, brand, fingerprint, test_mode, created_at, key_version
    FROM input
    RETURNING id
  )
  INSERT INTO audit_logs (id, action, outcome, status_code, project_id, application_id, user_id, token_id, ip, request_id, created_at, account_id)
  SELECT input.audit_id, input.action, input.outcome, input.status_code, input.audit_project_id, input.audit_application_id, input.user_id,
         inserted.id, input.ip, input.request_id, input.created_at, input.account_id
  FROM pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held, input JOIN inserted ON inserted.id = input.id`;

async function insertTokens(db: Pick<Database, 'sql'>, batch: NewToken[]): Promise<void> {
  const columns: unknown[][] = Array.from({ length: 24 }, () => new Array(batch.length));
  batch.forEach(({ row, audit }, index) => {
    const values = [
      row.id, row.token, row.projectId, row.applicationId, row.type, Buffer.from(row.ciphertext.buffer, row.ciphertext.byteOffset, row.ciphertext.byteLength).toString('hex'),
      row.mask, row.bin, row.last4, row.brand, row.fingerprint, row.testMode, row.createdAt, row.keyVersion,
      randomUUID(), audit.action, audit.outcome, audit.statusCode, audit.projectId ?? null, audit.applicationId ?? null,
      audit.userId ?? null, audit.ip ?? null, audit.requestId, audit.accountId,
    ];
    for (let column = 0; column < values.length; column++) columns[column]![index] = values[column];
  });
  await db.sql.query(INSERT_TOKENS_WITH_AUDIT, columns, 'vault_insert_tokens_with_audit');
}

// One group per database (a server has one; tests may open several).
const groups = new WeakMap<Pick<Database, 'sql'>['sql'], GroupCommit<NewToken>>();

/** Writes the token and its audit row; resolves once both are committed. */
export function insertTokenWithAudit(db: Pick<Database, 'sql'>, row: TokenRow & { keyVersion: number }, audit: AuditEntry): Promise<void> {
  let group = groups.get(db.sql);
  if (!group) {
    group = new GroupCommit((batch) => insertTokens(db, batch), { maxBatch: 200, maxInFlight: 2 });
    groups.set(db.sql, group);
  }
  return group.add({ row, audit });
}
