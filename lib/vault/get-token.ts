import { VaultError, messages } from '../http/errors';
import type { Runtime } from '../runtime';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { openPayload, type TokenPayload } from './token-payload';

const TOKEN_SHAPE = /^tok_[0-9A-Za-z]{16,64}$/;

/** A token of the caller's project with its decrypted payload; another project's token is a 404. */
export async function getTokenOrThrow(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  // Only the project is used: the proxy passes its API key principal, checkout processors the merchant's project.
  options: { principal: { project: ProjectKeyRef }; token: string },
): Promise<{ id: string; mask: string; payload: TokenPayload }> {
  if (!TOKEN_SHAPE.test(options.token)) throw new VaultError('token_not_found', messages.tokenNotFound);
  const { project } = options.principal;
  const [row] = await runtime.db.sql.query<{ id: string; mask: string; ciphertext: Uint8Array; key_version: number }>(
    'SELECT id, mask, ciphertext, key_version FROM tokens WHERE token = $1 AND project_id = $2::uuid',
    [options.token, project.id],
    'vault_get_token',
  );
  if (!row) throw new VaultError('token_not_found', messages.tokenNotFound);
  const key = await encryptionKeyForVersion(runtime, project, row.key_version);
  return { id: row.id, mask: row.mask, payload: openPayload(key, { projectId: project.id, tokenId: row.id, keyVersion: row.key_version }, row.ciphertext) };
}
