// `vault keys rotate-master --new-key-file F [--reencrypt [--retire-old]]` (PCI DSS 3.6.1, 3.7.4): replaces
// what the old master key could open, so that key (and everything derived from it, from any earlier dump)
// opens nothing in the database afterwards.
// - Every wrapped key (project data keys of every version, fingerprint keys, pub keys, import keys, vault_keys rows) is
//   re-wrapped under the new key. The secret-hash key is re-wrapped, not replaced: issued API keys, service
//   keys and mailed links keep working.
// - A new random service root replaces the old one: session signing, TOTP sealing, backup-code hashing and
//   idempotency keys all change (dashboard sessions end). TOTP secrets are re-sealed under the new root.
//   Backup codes already issued stay checkable and checkout answers not yet recorded stay readable: their
//   old keys (never the old root) are kept wrapped beside the new root while needed (kept-service-keys.ts).
// - A new audit chain key starts a new epoch, linked to the old one by a key change seal (both keys stay,
//   wrapped, so verify checks every epoch; lib/audit/audit-epochs.ts).
// - `--reencrypt` first gives every project a new data key version and fingerprint key and moves its
//   tokens, processor configurations and webhook secrets to them; `--retire-old` then destroys the older
//   data key versions nothing refers to any more.
// Every row is opened before anything is written: one that does not open stops the command, naming it.
// The key part is one transaction (a marker written first keeps servers from starting meanwhile; a run that
// died is finished by running the same command again). The --reencrypt part is resumable by itself.
import { randomBytes } from 'node:crypto';
import { startAuditEpoch } from '../audit/audit-epochs';
import { dataKeyAad, fingerprintKeyAad, Keyring } from '../crypto/keyring';
import { openTotpSecret, sealTotpSecret } from '../auth/mfa/totp';
import type { Runtime } from '../runtime/types';
import { auditKeyCommand } from './audit-key-command';
import { KeyCommandError, unreadableRow } from './key-command-error';
import { KEPT_SERVICE_KEY_NAMES, keptServiceKeysForRotation } from '../keys/kept-service-keys';
import { reencryptProject, rotateDataKey } from './rotate-data-key';
import { rotateFingerprintKey } from './rotate-fingerprint-key';
import { retireDataKeys } from './retire-data-keys';
import { importKeyAad } from '../keys/import-key-aad';
import { VAULT_KEY, deleteVaultKey, insertVaultKey, readVaultKey, vaultKeyAad, writeVaultKey } from '../keys/vault-keys';

type Deps = Pick<Runtime, 'db' | 'keyring' | 'audit' | 'logger' | 'config'>;
type Where = { table: string; id: string; column: string };
type Rewrap = (wrapped: Uint8Array, aad: string, where: Where) => Buffer<ArrayBuffer>;

/** The value wrapped under `next` (kept as it is when it already is: a resumed rotation). */
const rewrapper = (current: Keyring, next: Keyring): Rewrap => (wrapped, aad, where) => {
  try {
    next.unwrapKey(wrapped, aad);
    return Buffer.from(wrapped) as Buffer<ArrayBuffer>;
  } catch {
    let key: Buffer;
    try {
      key = current.unwrapKey(wrapped, aad);
    } catch {
      throw unreadableRow(where);
    }
    const rewrapped = next.wrapKey(key, aad);
    key.fill(0);
    return rewrapped;
  }
};

const pubKeyAad = (projectId: string) => `vault/secret/pub-key/${projectId}`;

export type MasterRotation = { projects: number; retiredDataKeys: number; reencrypted: number; destroyedDataKeys: number; keptBackupCodes: boolean };

type ProjectRow = { id: string; wrapped_data_key: Uint8Array; data_key_version: number; fingerprint_key_wrapped: Uint8Array | null; pub_key_wrapped: Uint8Array | null };
type UserRow = { id: string; mfa_secret: Uint8Array | null; mfa_pending_secret: Uint8Array | null };

/** Every project: a new data key version and fingerprint key, and everything it stores moved to them. */
async function reencryptAll(runtime: Deps, options: { retireOld: boolean }): Promise<{ projects: number; destroyed: number }> {
  const projects = await runtime.db.sql.query<{ id: string }>('SELECT id FROM projects ORDER BY id');
  let destroyed = 0;
  for (const { id } of projects) {
    await rotateDataKey(runtime, { projectId: id });
    await reencryptProject(runtime, { projectId: id });
    // Servers are stopped during a master rotation: no node can still hold the old fingerprint key.
    await rotateFingerprintKey(runtime, { projectId: id, settleMs: 0 });
    if (options.retireOld) destroyed += (await retireDataKeys(runtime, { projectId: id })).destroyed.length;
  }
  return { projects: projects.length, destroyed };
}

export async function rotateMasterKey(runtime: Deps, options: { newKey: Buffer; reencrypt?: boolean; retireOld?: boolean }): Promise<MasterRotation> {
  const { sql } = runtime.db;
  if (options.newKey.length !== 32) throw new KeyCommandError('the new master key must be 32 bytes, base64');
  if (runtime.keyring.isMasterKey(options.newKey)) throw new KeyCommandError('the new master key is the current one');
  if (options.retireOld && !options.reencrypt) throw new KeyCommandError('--retire-old needs --reencrypt: older data key versions are still in use until then');
  const next = new Keyring(options.newKey);
  const marker = await readVaultKey(sql, VAULT_KEY.masterRotation);
  if (marker) {
    try {
      next.unwrapKey(marker, vaultKeyAad(VAULT_KEY.masterRotation));
    } catch {
      throw new KeyCommandError('a rotation to another new master key is in progress: finish it with that key file');
    }
  }
  const reencrypted = options.reencrypt ? await reencryptAll(runtime, { retireOld: options.retireOld ?? false }) : { projects: 0, destroyed: 0 };
  const rewrap = rewrapper(runtime.keyring, next);

  // Everything is opened (and its new form computed) before anything is written.
  const projects = await sql.query<ProjectRow>('SELECT id, wrapped_data_key, data_key_version, fingerprint_key_wrapped, pub_key_wrapped FROM projects ORDER BY id');
  const projectUpdates = projects.map((project) => {
    if (project.data_key_version === 0) throw new KeyCommandError('run `vault migrate` first: some project keys predate owner binding');
    const at = (column: string): Where => ({ table: 'projects', id: project.id, column });
    return [
      project.id,
      rewrap(project.wrapped_data_key, dataKeyAad(project.id), at('wrapped_data_key')),
      project.fingerprint_key_wrapped && rewrap(project.fingerprint_key_wrapped, fingerprintKeyAad(project.id), at('fingerprint_key_wrapped')),
      project.pub_key_wrapped && rewrap(project.pub_key_wrapped, pubKeyAad(project.id), at('pub_key_wrapped')),
    ];
  });
  const retired = await sql.query<{ project_id: string; version: number; wrapped_key: Uint8Array }>('SELECT project_id, version, wrapped_key FROM project_data_keys');
  const retiredUpdates = retired.map((row) => [
    row.project_id,
    row.version,
    rewrap(row.wrapped_key, dataKeyAad(row.project_id), { table: 'project_data_keys', id: `${row.project_id} version ${row.version}`, column: 'wrapped_key' }),
  ]);
  // Import keys' private keys (issue 26), each bound to its row.
  const importKeys = await sql.query<{ id: string; private_key_wrapped: Uint8Array }>('SELECT id, private_key_wrapped FROM import_keys ORDER BY id');
  const importKeyUpdates = importKeys.map((row) => [row.id, rewrap(row.private_key_wrapped, importKeyAad(row.id), { table: 'import_keys', id: row.id, column: 'private_key_wrapped' })]);
  // Every other installation key (the audit chain's, the secret-hash key, kept backup-code keys, markers),
  // each bound to its name; the service root and the marker are replaced below.
  const readInstallationKeys = (except: string[]) =>
    sql.query<{ name: string; wrapped: Uint8Array }>('SELECT name, wrapped FROM vault_keys WHERE name <> ALL($1)', [
      [VAULT_KEY.service, VAULT_KEY.masterRotation, ...KEPT_SERVICE_KEY_NAMES, ...except],
    ]);
  const rewrapInstallationKey = (row: { name: string; wrapped: Uint8Array }) =>
    [row.name, rewrap(row.wrapped, vaultKeyAad(row.name), { table: 'vault_keys', id: row.name, column: 'wrapped' })] as const;
  const installationUpdates = (await readInstallationKeys([])).map(rewrapInstallationKey);
  const newRoot = randomBytes(32);
  next.useServiceRoot(newRoot);
  const users = await sql.query<UserRow>('SELECT id, mfa_secret, mfa_pending_secret FROM users WHERE mfa_secret IS NOT NULL OR mfa_pending_secret IS NOT NULL');
  const reseal = (user: UserRow, column: 'mfa_secret' | 'mfa_pending_secret') => {
    const sealed = user[column];
    if (!sealed) return null;
    let secret: string;
    try {
      secret = openTotpSecret(runtime.keyring.serviceKey('totp'), user.id, sealed);
    } catch {
      throw unreadableRow({ table: 'users', id: user.id, column });
    }
    return sealTotpSecret(next.serviceKey('totp'), user.id, secret);
  };
  const userUpdates = users.map((user) => [user.id, reseal(user, 'mfa_secret'), reseal(user, 'mfa_pending_secret')]);
  // Backup codes and unrecorded checkout answers stay usable by the keys they were made under (never the old root).
  const keptKeys = await keptServiceKeysForRotation(sql, runtime.keyring, next);

  // Everything opened: the audit chain moves to a new key epoch (its key wrapped by the current master key,
  // like the rest, and re-wrapped with them below), so the rotation's own audit row is MAC'd under it.
  await startAuditEpoch(runtime);
  installationUpdates.push(...(await readInstallationKeys(installationUpdates.map(([name]) => name))).map(rewrapInstallationKey));
  if (!marker) await insertVaultKey(sql, VAULT_KEY.masterRotation, next.wrapKey(randomBytes(16), vaultKeyAad(VAULT_KEY.masterRotation)));
  await sql.transaction(async (tx) => {
    for (const update of projectUpdates) {
      await tx.query(
        `UPDATE projects SET wrapped_data_key = $2, fingerprint_key_wrapped = COALESCE($3, fingerprint_key_wrapped), pub_key_wrapped = COALESCE($4, pub_key_wrapped) WHERE id = $1::uuid`,
        update,
      );
    }
    for (const update of retiredUpdates) await tx.query('UPDATE project_data_keys SET wrapped_key = $3 WHERE project_id = $1::uuid AND version = $2', update);
    for (const update of importKeyUpdates) await tx.query('UPDATE import_keys SET private_key_wrapped = $2 WHERE id = $1::uuid', update);
    for (const [name, wrapped] of installationUpdates) await writeVaultKey(tx, name, wrapped);
    for (const update of userUpdates) await tx.query('UPDATE users SET mfa_secret = $2, mfa_pending_secret = $3 WHERE id = $1::uuid', update);
    for (const { name, wrapped } of keptKeys) await (wrapped ? writeVaultKey(tx, name, wrapped) : deleteVaultKey(tx, name));
    await writeVaultKey(tx, VAULT_KEY.service, next.wrapKey(newRoot, vaultKeyAad(VAULT_KEY.service)));
    await deleteVaultKey(tx, VAULT_KEY.masterRotation);
  });
  await auditKeyCommand(runtime, {
    action: 'keys.rotate_master',
    accountId: null,
    resource: 'vault:master-key',
  });
  return { projects: projects.length, retiredDataKeys: retired.length, reencrypted: reencrypted.projects, destroyedDataKeys: reencrypted.destroyed, keptBackupCodes: keptKeys.some((kept) => kept.name === VAULT_KEY.legacyBackupCodes && kept.wrapped !== null) };
}
