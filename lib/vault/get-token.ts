// Reads a token of the caller's project and decrypts its payload (proxy, detokenize, checkout processors);
// the proxy also writes its call's audit row in the same statement.
import { AUDIT_INSERT_LOCK } from '../audit/audit-chain';
import { AUDIT_ENTRY_COLUMNS, auditEntryValues } from '../audit/audit-writer';
import type { AuditEntry } from '../audit/record-audit';
import { VaultError, messages } from '../http/errors';
import type { Runtime } from '../runtime';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { openPayload, type TokenPayload } from './token-payload';

const TOKEN_SHAPE = /^tok_[0-9A-Za-z]{16,64}$/;

type StoredToken = { id: string; mask: string; ciphertext: Uint8Array; key_version: number };

const READ_TOKEN = 'SELECT id, mask, ciphertext, key_version FROM tokens WHERE token = $1 AND project_id = $2::uuid';

// The read and the audit row of the use it is read for, in one statement (one round trip, one commit): the
// row exists before any of the token's data is decrypted. No token, no row (the caller's failure row says why).
// The shared lock comes before the audit row's `nextval` (lib/audit/audit-chain.ts).
const READ_TOKEN_WITH_AUDIT = `
  WITH found AS (${READ_TOKEN}),
  audited AS (
    INSERT INTO audit_logs (${AUDIT_ENTRY_COLUMNS.map(([name]) => name).join(', ')})
    SELECT ${AUDIT_ENTRY_COLUMNS.map(([name, cast], index) => (name === 'token_id' ? `COALESCE($${index + 3}${cast}, found.id)` : `$${index + 3}${cast}`)).join(', ')}
    FROM found, pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held
  )
  SELECT * FROM found`;

function readToken(db: Runtime['db'], token: string, projectId: string, audit: AuditEntry | undefined): Promise<StoredToken[]> {
  if (!audit) return db.sql.query<StoredToken>(READ_TOKEN, [token, projectId], 'vault_get_token');
  return db.sql.query<StoredToken>(READ_TOKEN_WITH_AUDIT, [token, projectId, ...auditEntryValues(audit)], 'vault_get_token_with_audit');
}

/** A token of the caller's project with its decrypted payload; another project's token is a 404. */
export async function getTokenOrThrow(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  // Only the project is used: the proxy passes its API key principal, checkout processors the merchant's project.
  options: {
    principal: { project: ProjectKeyRef };
    token: string;
    /** The audit row of this use, written with the read when the token is found (its token id is filled in). */
    audit?: AuditEntry;
  },
): Promise<{ id: string; mask: string; payload: TokenPayload }> {
  if (!TOKEN_SHAPE.test(options.token)) throw new VaultError('token_not_found', messages.tokenNotFound);
  const { project } = options.principal;
  const [row] = await readToken(runtime.db, options.token, project.id, options.audit);
  if (!row) throw new VaultError('token_not_found', messages.tokenNotFound);
  const key = await encryptionKeyForVersion(runtime, project, row.key_version);
  return { id: row.id, mask: row.mask, payload: openPayload(key, { projectId: project.id, tokenId: row.id, keyVersion: row.key_version }, row.ciphertext) };
}
