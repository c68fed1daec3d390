// `vault keys rotate-master` re-wraps the import keys' private keys (issue 26): after the rotation an import
// key still decrypts what a sender encrypted to it, and the old master key no longer opens its stored form.
import { randomBytes } from 'node:crypto';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open } from '../../lib/crypto/aead';
import { createImportKey, openImportDecryptionKeys } from '../../lib/imports/import-keys';
import { rotateMasterKey } from '../../lib/key-rotation/rotate-master';
import { importKeyAad } from '../../lib/keys/import-key-aad';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, testEnv, type TestVault } from '../helpers/test-vault';

describe('vault keys rotate-master and import keys', () => {
  let database: OwnDatabase;
  let vault: TestVault | undefined;
  beforeAll(async () => {
    database = await ownDatabase();
  });
  afterAll(async () => {
    await vault?.close();
    await database?.drop();
  });

  it('re-wraps every import key: it still decrypts after the rotation, and the old master key opens none', async () => {
    vault = await startTestVault({ env: database.env });
    const projectId = vault.tenants.test.projectId;
    const key = await createImportKey(vault.runtime, { projectId, algorithm: 'curve25519' });
    const encrypted = await openpgp.encrypt({
      message: await openpgp.createMessage({ text: 'card_number,exp_month,exp_year\n' }),
      encryptionKeys: await openpgp.readKey({ armoredKey: key.public_key }),
    });
    const [before] = await vault.runtime.db.sql.query<{ id: string; private_key_wrapped: Uint8Array }>('SELECT id, private_key_wrapped FROM import_keys WHERE fingerprint = $1', [key.fingerprint]);
    const oldMaster = Buffer.from(database.env.VAULT_MASTER_KEY!, 'base64');
    // The old master key opens it now.
    expect(() => open(oldMaster, before!.private_key_wrapped, importKeyAad(before!.id))).not.toThrow();
    await vault.close();
    vault = undefined;

    const newKey = randomBytes(32);
    const { createRuntime } = await import('../../lib/runtime/create-runtime');
    const { parseConfig } = await import('../../lib/config');
    const { createLogger } = await import('../../lib/logger');
    const rotating = await createRuntime({ config: parseConfig(testEnv(database.env)), logger: createLogger({ level: 'silent' }), migrate: !database.env.DATABASE_URL, duringKeyRotation: true });
    try {
      await rotateMasterKey(rotating, { newKey });
    } finally {
      await rotating.close();
    }
    database.env.VAULT_MASTER_KEY = newKey.toString('base64');
    vault = await startTestVault({ env: database.env });

    const [after] = await vault.runtime.db.sql.query<{ private_key_wrapped: Uint8Array }>('SELECT private_key_wrapped FROM import_keys WHERE fingerprint = $1', [key.fingerprint]);
    expect(Buffer.from(after!.private_key_wrapped).equals(Buffer.from(before!.private_key_wrapped))).toBe(false);
    expect(() => open(oldMaster, after!.private_key_wrapped, importKeyAad(before!.id))).toThrow();
    const keys = await openImportDecryptionKeys(vault.runtime, projectId);
    expect(keys.map((k) => k.fingerprint)).toEqual([key.fingerprint]);
    const { data } = await openpgp.decrypt({ message: await openpgp.readMessage({ armoredMessage: encrypted }), decryptionKeys: keys.map((k) => k.key) });
    expect(data).toBe('card_number,exp_month,exp_year\n');
  });
});
