// Reads a token of the caller's project and decrypts its payload (proxy, detokenize, checkout processors).
// A use that reveals or sends the data (detokenize, the proxy) passes its audit row: the row is committed
// after the read and before anything is decrypted. When it cannot be written the use fails with 503
// `service_unavailable` and nothing is decrypted (no reveal without its audit row). The row carries its
// writer MAC, which covers the token id. When this process knows the token's id (it made the token or read
// it before: token-ids.ts), the read and the row are one statement (one round trip, one commit) that reads
// the token by string, project and that id, and writes the row only if it is found and usable. Otherwise
// the token is read first, then the row written (two statements).
// Issue 25: the read joins the project and says whether the token is usable at the caller's clock (not
// deleted, ciphertext not destroyed, not past expires_at or the project's token_retention_days). A deleted
// token is 404 `token_deleted`, an expired one 404 `token_expired`: no audit row of a use, no decryption (the
// caller's failure row is written as for an unknown token). A use records `last_used_at` at most once an
// hour (LAST_USED_RESOLUTION): in the same statement on the known-id path; on the two-statement path by an
// UPDATE sent only when the stored value is that old, so a normal use costs no extra round trip.
import { AUDIT_INSERT_LOCK } from '../audit/audit-chain';
import { AUDIT_ENTRY_COLUMNS, auditEntryValues } from '../audit/audit-writer';
import type { AuditEntry } from '../core/audit-entry';
import { writeAuditBeforeUse } from '../audit/write-audit-before-use';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { activeTokenSql, LAST_USED_RESOLUTION } from '../tokens/token-status';
import { isTokenValueShape } from '../tokens/token-shape';
import { forgetTokenId, knownTokenId, rememberTokenId } from './token-ids';
import { openMetadata, type TokenMetadata } from '../tokens/token-metadata-seal';
import { openPayload, type TokenPayload } from './token-payload';

type StoredToken = {
  id: string;
  mask: string;
  /** Null unless usable: a token that may not be used never even sends its ciphertext back. */
  ciphertext: Uint8Array | null;
  metadata_sealed: Uint8Array | null;
  key_version: number;
  deleted: boolean;
  usable: boolean;
  last_used_at: Date;
};

const LAST_USED_STALE_MS = 60 * 60 * 1000;
if (LAST_USED_RESOLUTION !== '1 hour') throw new Error('LAST_USED_STALE_MS must follow LAST_USED_RESOLUTION');

// `$3` is the caller's clock: status is never the database's now().
const selectToken = (now: string) => `
  SELECT t.id, t.mask, CASE WHEN ${activeTokenSql(now)} THEN t.ciphertext END AS ciphertext, t.metadata_sealed, t.key_version,
         t.deleted_at IS NOT NULL AS deleted, ${activeTokenSql(now)} AS usable, t.last_used_at
  FROM tokens t JOIN projects p ON p.id = t.project_id
  WHERE t.token = $1 AND t.project_id = $2::uuid`;

const READ_TOKEN = selectToken('$3::timestamptz');

// The read of a token whose id is known, its use's audit row and its last use (hourly), in one statement.
// No usable token, no row. The shared lock comes before the audit row's `nextval` (lib/audit/audit-chain.ts).
const READ_KNOWN_TOKEN_WITH_AUDIT = `
  WITH found AS (${READ_TOKEN} AND t.id = $4::uuid),
  audited AS (
    INSERT INTO audit_logs (${AUDIT_ENTRY_COLUMNS.map(([name]) => name).join(', ')})
    SELECT ${AUDIT_ENTRY_COLUMNS.map(([, cast], index) => `$${index + 5}${cast}`).join(', ')}
    FROM found, pg_advisory_xact_lock_shared(${AUDIT_INSERT_LOCK}) AS held WHERE found.usable
  ),
  touched AS (
    UPDATE tokens SET last_used_at = $3::timestamptz FROM found
    WHERE tokens.id = found.id AND found.usable AND tokens.last_used_at < $3::timestamptz - interval '${LAST_USED_RESOLUTION}'
  )
  SELECT * FROM found`;

const TOUCH_TOKEN = `UPDATE tokens SET last_used_at = $2::timestamptz WHERE id = $1::uuid AND last_used_at < $2::timestamptz - interval '${LAST_USED_RESOLUTION}'`;

type Deps = Pick<Runtime, 'db' | 'keyring'>;

/** The token's row, its use's audit row committed first when `audit` is given and the token is usable. */
async function readToken(runtime: Deps, token: string, projectId: string, now: Date, audit: AuditEntry | undefined): Promise<StoredToken | undefined> {
  const knownId = audit && !audit.tokenId ? knownTokenId(projectId, token) : undefined;
  if (audit && knownId) {
    let rows: StoredToken[];
    try {
      rows = await runtime.db.sql.query<StoredToken>(
        READ_KNOWN_TOKEN_WITH_AUDIT,
        [token, projectId, now, knownId, ...auditEntryValues(runtime.keyring, { ...audit, tokenId: knownId })],
        'vault_get_known_token_with_audit',
      );
    } catch (error) {
      throw Object.assign(new VaultError('service_unavailable', messages.serviceUnavailable), { cause: error });
    }
    if (rows[0]) return rows[0];
    // Gone since (its project deleted) or the entry is wrong: read as for an unknown token.
    forgetTokenId(projectId, token);
  }
  // No token, no row (the caller's failure row says why).
  const [row] = await runtime.db.sql.query<StoredToken>(READ_TOKEN, [token, projectId, now], 'vault_get_token');
  if (!row) return undefined;
  rememberTokenId(projectId, token, row.id);
  if (!row.usable) return row;
  if (audit) await writeAuditBeforeUse(runtime, { ...audit, tokenId: audit.tokenId ?? row.id });
  // Only a use whose last recorded use is an hour old writes (the statement checks it again).
  if (now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USED_STALE_MS) {
    await runtime.db.sql.query(TOUCH_TOKEN, [row.id, now], 'vault_touch_token');
  }
  return row;
}

/** 404 `token_deleted` or `token_expired` for a found token that may not be used. */
function assertUsable(row: StoredToken): asserts row is StoredToken & { ciphertext: Uint8Array } {
  if (row.deleted) throw new VaultError('token_deleted', messages.tokenDeleted);
  if (!row.usable || !row.ciphertext) throw new VaultError('token_expired', messages.tokenExpired);
}

/** A token of the caller's project with its decrypted payload; another project's token is a 404. */
export async function getTokenOrThrow(
  runtime: Deps,
  // Only the project is used: the proxy passes its API key principal, checkout processors the merchant's project.
  options: {
    principal: { project: ProjectKeyRef };
    token: string;
    /** The audit row of this use, written when the token is found and usable (its token id filled in), before decryption. */
    audit?: AuditEntry;
    /** Also open the token's metadata (detokenize shows it). */
    withMetadata?: boolean;
    /** The clock the token's expiry is judged by (tests pass a fake one); now by default. */
    now?: Date;
  },
): Promise<{ id: string; mask: string; payload: TokenPayload; metadata?: TokenMetadata }> {
  if (!isTokenValueShape(options.token)) throw new VaultError('token_not_found', messages.tokenNotFound);
  const { project } = options.principal;
  const row = await readToken(runtime, options.token, project.id, options.now ?? new Date(), options.audit);
  if (!row) throw new VaultError('token_not_found', messages.tokenNotFound);
  assertUsable(row);
  const key = await encryptionKeyForVersion(runtime, project, row.key_version);
  const owner = { projectId: project.id, tokenId: row.id };
  return {
    id: row.id,
    mask: row.mask,
    payload: openPayload(key, { ...owner, keyVersion: row.key_version }, row.ciphertext),
    ...(options.withMetadata ? { metadata: openMetadata(key, owner, row.metadata_sealed) } : {}),
  };
}
