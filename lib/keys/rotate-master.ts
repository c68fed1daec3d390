// `vault keys rotate-master --new-key-file F` (PCI DSS 3.6.1, 3.7.4): re-wraps every key the master key
// protects (project data keys of every version, fingerprint keys, pub keys, every vault_keys row) under a new
// master key. Ciphertexts are not touched: they are sealed by the data keys, which do not change.
// Resumable: a marker (wrapped by the new key) is written first and every re-wrap checks whether its row is
// already under the new key, so a crash is finished by running the same command again; servers refuse to
// start while the marker exists. The service root is re-wrapped last, in the transaction that removes the
// marker: from then on only the new key opens the database (servers refuse the old one at start).
// An installation from before the service root used its master key as the root; that root is replaced
// here by a random one (TOTP secrets re-sealed in the same transaction, existing backup codes kept
// checkable by their own wrapped key; dashboard sessions end), so the retired key derives nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import { dataKeyAad, fingerprintKeyAad, Keyring } from '../crypto/keyring';
import { openTotpSecret, sealTotpSecret } from '../mfa/totp';
import type { Runtime } from '../runtime';
import { KeyCommandError } from './rotate-data-key';
import { VAULT_KEY, deleteVaultKey, insertVaultKey, readVaultKey, vaultKeyAad, writeVaultKey } from './vault-keys';

type Rewrap = (wrapped: Uint8Array, aad: string) => Buffer<ArrayBuffer> | null;

/** The value re-wrapped under `next`, or null when it already is (a resumed rotation). */
const rewrapper = (current: Keyring, next: Keyring): Rewrap => (wrapped, aad) => {
  try {
    next.unwrapKey(wrapped, aad);
    return null;
  } catch {
    const key = current.unwrapKey(wrapped, aad);
    const rewrapped = next.wrapKey(key, aad);
    key.fill(0);
    return rewrapped;
  }
};

const pubKeyAad = (projectId: string) => `vault/secret/pub-key/${projectId}`;

export type MasterRotation = { projects: number; retiredDataKeys: number; serviceRootReplaced: boolean };

export async function rotateMasterKey(runtime: Pick<Runtime, 'db' | 'keyring' | 'audit' | 'logger'>, options: { newKey: Buffer }): Promise<MasterRotation> {
  const { sql } = runtime.db;
  if (options.newKey.length !== 32) throw new KeyCommandError('the new master key must be 32 bytes, base64');
  if (runtime.keyring.isMasterKey(options.newKey)) throw new KeyCommandError('the new master key is the current one');
  const next = new Keyring(options.newKey);
  const marker = await readVaultKey(sql, VAULT_KEY.masterRotation);
  if (marker) {
    try {
      next.unwrapKey(marker, vaultKeyAad(VAULT_KEY.masterRotation));
    } catch {
      throw new KeyCommandError('a rotation to another new master key is in progress: finish it with that key file');
    }
  } else {
    await insertVaultKey(sql, VAULT_KEY.masterRotation, next.wrapKey(randomBytes(16), vaultKeyAad(VAULT_KEY.masterRotation)));
  }
  const rewrap = rewrapper(runtime.keyring, next);

  const projects = await sql.query<{ id: string; wrapped_data_key: Uint8Array; data_key_version: number; fingerprint_key_wrapped: Uint8Array | null; pub_key_wrapped: Uint8Array | null }>(
    'SELECT id, wrapped_data_key, data_key_version, fingerprint_key_wrapped, pub_key_wrapped FROM projects ORDER BY id',
  );
  for (const project of projects) {
    if (project.data_key_version === 0) throw new KeyCommandError('run `vault migrate` first: some project keys predate owner binding');
    const dataKey = rewrap(project.wrapped_data_key, dataKeyAad(project.id));
    const fingerprint = project.fingerprint_key_wrapped && rewrap(project.fingerprint_key_wrapped, fingerprintKeyAad(project.id));
    const pubKey = project.pub_key_wrapped && rewrap(project.pub_key_wrapped, pubKeyAad(project.id));
    if (!dataKey && !fingerprint && !pubKey) continue;
    await sql.query(
      `UPDATE projects SET wrapped_data_key = COALESCE($2, wrapped_data_key), fingerprint_key_wrapped = COALESCE($3, fingerprint_key_wrapped),
         pub_key_wrapped = COALESCE($4, pub_key_wrapped) WHERE id = $1::uuid`,
      [project.id, dataKey, fingerprint, pubKey],
    );
  }
  const retired = await sql.query<{ project_id: string; version: number; wrapped_key: Uint8Array }>('SELECT project_id, version, wrapped_key FROM project_data_keys');
  for (const row of retired) {
    const wrapped = rewrap(row.wrapped_key, dataKeyAad(row.project_id));
    if (wrapped) await sql.query('UPDATE project_data_keys SET wrapped_key = $3 WHERE project_id = $1::uuid AND version = $2', [row.project_id, row.version, wrapped]);
  }

  const serviceRoot = runtime.keyring.unwrapKey((await readVaultKey(sql, VAULT_KEY.service))!, vaultKeyAad(VAULT_KEY.service));
  const legacyRoot = runtime.keyring.isMasterKey(serviceRoot);
  const newRoot = legacyRoot ? randomBytes(32) : serviceRoot;
  next.useServiceRoot(newRoot);
  await sql.transaction(async (tx) => {
    // Every other installation key (audit chain key, kept backup-code key, markers), each bound to its name.
    // Re-wrapped here, with the root: a start (a resumed rotation included) opens some of them with the old
    // key, so none may be under the new key before the rotation is done.
    const installationKeys = await tx.query<{ name: string; wrapped: Uint8Array }>('SELECT name, wrapped FROM vault_keys WHERE name <> ALL($1) FOR UPDATE', [
      [VAULT_KEY.service, VAULT_KEY.masterRotation],
    ]);
    for (const row of installationKeys) {
      const wrapped = rewrap(row.wrapped, vaultKeyAad(row.name));
      if (wrapped) await writeVaultKey(tx, row.name, wrapped);
    }
    if (legacyRoot) {
      // The retired key must derive nothing: TOTP secrets move to the new root's key, and the codes already
      // handed out stay checkable by their hashing key, kept wrapped (it can only check those codes).
      const users = await tx.query<{ id: string; mfa_secret: Uint8Array | null; mfa_pending_secret: Uint8Array | null }>(
        'SELECT id, mfa_secret, mfa_pending_secret FROM users WHERE mfa_secret IS NOT NULL OR mfa_pending_secret IS NOT NULL FOR UPDATE',
      );
      const reseal = (userId: string, sealed: Uint8Array | null) =>
        sealed && sealTotpSecret(next.serviceKey('totp'), userId, openTotpSecret(runtime.keyring.serviceKey('totp'), userId, sealed));
      for (const user of users) {
        await tx.query('UPDATE users SET mfa_secret = $2, mfa_pending_secret = $3 WHERE id = $1::uuid', [user.id, reseal(user.id, user.mfa_secret), reseal(user.id, user.mfa_pending_secret)]);
      }
      await writeVaultKey(tx, VAULT_KEY.legacyBackupCodes, next.wrapKey(runtime.keyring.serviceKey('backup-codes'), vaultKeyAad(VAULT_KEY.legacyBackupCodes)));
    }
    await writeVaultKey(tx, VAULT_KEY.service, next.wrapKey(newRoot, vaultKeyAad(VAULT_KEY.service)));
    await deleteVaultKey(tx, VAULT_KEY.masterRotation);
  });
  await recordAudit(runtime, {
    action: 'keys.rotate_master',
    outcome: 'success',
    statusCode: 200,
    requestId: `cli-${randomUUID()}`,
    accountId: null,
    resource: 'vault:master-key',
  });
  return { projects: projects.length, retiredDataKeys: retired.length, serviceRootReplaced: legacyRoot };
}
