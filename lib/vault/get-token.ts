// Reads a token of the caller's project and decrypts its payload (proxy, detokenize, checkout processors).
// A use that reveals or sends the data (detokenize, the proxy) passes its audit row: the row is committed
// after the read and before anything is decrypted. When it cannot be written the use fails with 503
// `service_unavailable` and nothing is decrypted (no reveal without its audit row). The row carries its
// writer MAC, which covers the token id. When this process knows the token's id (it made the token or read
// it before: token-ids.ts), the read and the row are one statement (one round trip, one commit) that reads
// the token by string, project and that id, and writes the row only if it is found. Otherwise the token is
// read first, then the row written (two statements).
import { AUDIT_INSERT_LOCK } from '../audit/audit-chain';
import { AUDIT_ENTRY_COLUMNS, auditEntryValues } from '../audit/audit-writer';
import type { AuditEntry } from '../core/audit-entry';
import { writeAuditBeforeUse } from '../audit/write-audit-before-use';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { isTokenValueShape } from '../tokens/token-shape';
import { forgetTokenId, knownTokenId, rememberTokenId } from './token-ids';
import { openPayload, type TokenPayload } from './token-payload';

type StoredToken = { id: string; mask: string; ciphertext: Uint8Array; key_version: number };

const READ_TOKEN = 'SELECT id, mask, ciphertext, key_version FROM tokens WHERE token = $1 AND project_id = $2::uuid';

// The read of a token whose id is known and its use's audit row, in one statement. No token, no row. The
// shared lock comes before the audit row's `nextval` (lib/audit/audit-chain.ts).
const READ_KNOWN_TOKEN_WITH_AUDIT = `
  WITH found AS (${READ_TOKEN} AND id = $3::uuid),
  audited AS (
    INSERT INTO audit_logs (${AUDIT_ENTRY_COLUMNS.map(([name]) => name).join(', ')})
    SELECT ${AUDIT_ENTRY_COLUMNS.map(([, cast], index) => `$${index + 4}${cast}`).join(', ')}
    FROM found, pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held
  )
  SELECT * FROM found`;

type Deps = Pick<Runtime, 'db' | 'keyring'>;

/** The token's row, its use's audit row committed first when `audit` is given. */
async function readToken(runtime: Deps, token: string, projectId: string, audit: AuditEntry | undefined): Promise<StoredToken | undefined> {
  const knownId = audit && !audit.tokenId ? knownTokenId(projectId, token) : undefined;
  if (audit && knownId) {
    let rows: StoredToken[];
    try {
      rows = await runtime.db.sql.query<StoredToken>(
        READ_KNOWN_TOKEN_WITH_AUDIT,
        [token, projectId, knownId, ...auditEntryValues(runtime.keyring, { ...audit, tokenId: knownId })],
        'vault_get_known_token_with_audit',
      );
    } catch (error) {
      throw Object.assign(new VaultError('service_unavailable', messages.serviceUnavailable), { cause: error });
    }
    if (rows[0]) return rows[0];
    // Deleted since (or the entry is wrong): read as for an unknown token.
    forgetTokenId(projectId, token);
  }
  // No token, no row (the caller's failure row says why).
  const [row] = await runtime.db.sql.query<StoredToken>(READ_TOKEN, [token, projectId], 'vault_get_token');
  if (!row) return undefined;
  rememberTokenId(projectId, token, row.id);
  if (audit) await writeAuditBeforeUse(runtime, { ...audit, tokenId: audit.tokenId ?? row.id });
  return row;
}

/** A token of the caller's project with its decrypted payload; another project's token is a 404. */
export async function getTokenOrThrow(
  runtime: Deps,
  // Only the project is used: the proxy passes its API key principal, checkout processors the merchant's project.
  options: {
    principal: { project: ProjectKeyRef };
    token: string;
    /** The audit row of this use, written when the token is found (its token id filled in), before decryption. */
    audit?: AuditEntry;
  },
): Promise<{ id: string; mask: string; payload: TokenPayload }> {
  if (!isTokenValueShape(options.token)) throw new VaultError('token_not_found', messages.tokenNotFound);
  const { project } = options.principal;
  const row = await readToken(runtime, options.token, project.id, options.audit);
  if (!row) throw new VaultError('token_not_found', messages.tokenNotFound);
  const key = await encryptionKeyForVersion(runtime, project, row.key_version);
  return { id: row.id, mask: row.mask, payload: openPayload(key, { projectId: project.id, tokenId: row.id, keyVersion: row.key_version }, row.ciphertext) };
}
