// lib/imports/import-keys.ts: a key pair per project whose private key is wrapped by the master key (never
// stored in clear), revocation, and decryption keys that open what a sender encrypted to the public key.
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportKey, findImportKey, listImportKeys, openImportDecryptionKeys, revokeImportKey } from '@/lib/imports/import-keys';
import { startTestVault, type TestVault } from '../helpers/test-vault';

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault();
});
afterAll(async () => vault?.close());

describe('import keys', () => {
  it('makes a Curve25519 key pair whose private key is stored only wrapped, and which opens what is encrypted to it', async () => {
    const projectId = vault.tenants.test.projectId;
    const created = await createImportKey(vault.runtime, { projectId, algorithm: 'curve25519' });
    expect(created.fingerprint).toMatch(/^[0-9a-f]{40}$/);
    expect(created).toMatchObject({ project_id: projectId, algorithm: 'curve25519', revoked_at: null });
    const publicKey = await openpgp.readKey({ armoredKey: created.public_key });
    expect(publicKey.isPrivate()).toBe(false);
    expect(publicKey.getFingerprint()).toBe(created.fingerprint);

    const [row] = await vault.runtime.db.sql.query<{ private_key_wrapped: Uint8Array }>('SELECT private_key_wrapped FROM import_keys WHERE fingerprint = $1', [created.fingerprint]);
    // The wrapped bytes are not an OpenPGP private key.
    await expect(openpgp.readPrivateKey({ binaryKey: row!.private_key_wrapped })).rejects.toThrow();

    const encrypted = await openpgp.encrypt({ message: await openpgp.createMessage({ text: 'card_number\n' }), encryptionKeys: publicKey });
    const keys = await openImportDecryptionKeys(vault.runtime, projectId);
    expect(keys.map((key) => key.fingerprint)).toContain(created.fingerprint);
    const { data } = await openpgp.decrypt({ message: await openpgp.readMessage({ armoredMessage: encrypted }), decryptionKeys: keys.map((key) => key.key) });
    expect(data).toBe('card_number\n');
  });

  it('lists a project\'s keys newest first and revokes one, which then opens nothing', async () => {
    const projectId = vault.tenants.other.projectId;
    const first = await createImportKey(vault.runtime, { projectId, algorithm: 'curve25519' });
    const second = await createImportKey(vault.runtime, { projectId, algorithm: 'curve25519' });
    expect((await listImportKeys(vault.runtime, { projectId })).map((key) => key.fingerprint)).toEqual([second.fingerprint, first.fingerprint]);
    const revoked = await revokeImportKey(vault.runtime, first.fingerprint);
    expect(revoked?.revoked_at).toEqual(expect.any(String));
    expect((await revokeImportKey(vault.runtime, first.fingerprint))?.revoked_at).toBe(revoked?.revoked_at);
    expect((await findImportKey(vault.runtime, first.fingerprint))?.revoked_at).toBe(revoked?.revoked_at);
    expect((await openImportDecryptionKeys(vault.runtime, projectId)).map((key) => key.fingerprint)).toEqual([second.fingerprint]);
    expect(await revokeImportKey(vault.runtime, 'f'.repeat(40))).toBeNull();
  });
});
