// Reads a token of the caller's project and decrypts its payload (proxy, detokenize, checkout processors).
// A use that reveals or sends the data (detokenize, the proxy) passes its audit row: the row is committed
// after the read and before anything is decrypted. When it cannot be written the use fails with 503
// `service_unavailable` and nothing is decrypted (no reveal without its audit row). The row carries its
// writer MAC, which covers the token id: so the token is read first, then the row written (two statements).
import type { AuditEntry } from '../audit/record-audit';
import { writeAuditBeforeUse } from '../audit/write-audit-before-use';
import { VaultError, messages } from '../http/errors';
import type { Runtime } from '../runtime';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { openPayload, type TokenPayload } from './token-payload';

const TOKEN_SHAPE = /^tok_[0-9A-Za-z]{16,64}$/;

type StoredToken = { id: string; mask: string; ciphertext: Uint8Array; key_version: number };

const READ_TOKEN = 'SELECT id, mask, ciphertext, key_version FROM tokens WHERE token = $1 AND project_id = $2::uuid';

/** A token of the caller's project with its decrypted payload; another project's token is a 404. */
export async function getTokenOrThrow(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  // Only the project is used: the proxy passes its API key principal, checkout processors the merchant's project.
  options: {
    principal: { project: ProjectKeyRef };
    token: string;
    /** The audit row of this use, written when the token is found (its token id filled in), before decryption. */
    audit?: AuditEntry;
  },
): Promise<{ id: string; mask: string; payload: TokenPayload }> {
  if (!TOKEN_SHAPE.test(options.token)) throw new VaultError('token_not_found', messages.tokenNotFound);
  const { project } = options.principal;
  // No token, no row (the caller's failure row says why).
  const [row] = await runtime.db.sql.query<StoredToken>(READ_TOKEN, [options.token, project.id], 'vault_get_token');
  if (!row) throw new VaultError('token_not_found', messages.tokenNotFound);
  if (options.audit) await writeAuditBeforeUse(runtime, { ...options.audit, tokenId: options.audit.tokenId ?? row.id });
  const key = await encryptionKeyForVersion(runtime, project, row.key_version);
  return { id: row.id, mask: row.mask, payload: openPayload(key, { projectId: project.id, tokenId: row.id, keyVersion: row.key_version }, row.ciphertext) };
}
