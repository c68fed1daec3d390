// The encryption key that sealed a ciphertext, from the version stamped on it: the project's current key,
// an earlier version kept in project_data_keys, or a newer one another node rotated to since this
// process read the project (its cached principal lags by at most the API key cache time).
import { effectiveVersion, type ProjectKeyRef } from '../crypto/keyring';
import type { Runtime } from '../runtime/types';

const SELECT_VERSION = `
  SELECT wrapped_key FROM project_data_keys WHERE project_id = $1::uuid AND version = $2
  UNION ALL
  SELECT wrapped_data_key FROM projects WHERE id = $1::uuid AND data_key_version = $2`;

export async function encryptionKeyForVersion(runtime: Pick<Runtime, 'db' | 'keyring'>, project: ProjectKeyRef, stamp: number): Promise<Buffer> {
  const current = runtime.keyring.projectKeys(project);
  const version = effectiveVersion(stamp);
  if (version === current.version) return current.encryption;
  const cached = runtime.keyring.versionEncryptionKey(project.id, version);
  if (cached) return cached;
  const [row] = await runtime.db.sql.query<{ wrapped_key: Uint8Array }>(SELECT_VERSION, [project.id, version], 'vault_data_key_version');
  if (!row) throw new Error(`project ${project.id} has no data key version ${version}`);
  return runtime.keyring.versionEncryptionKey(project.id, version, row.wrapped_key)!;
}
