// Issue 21 §3, "Secrets a database writer cannot mint": API keys, merchant service keys, reset tokens and
// invitation tokens are stored as HMAC(secret-hash key, sha256(secret)), the key wrapped by the master key.
// A row inserted with SQL holding the plain SHA-256 of a secret its writer chose authenticates nobody at any
// door; the same row holding the keyed form (which only the vault can compute) does, so the refusal is the
// key's doing. Stored plain hashes of an older release are keyed by one start-up pass, once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearApiKeyCache } from '../../lib/api-keys/api-key-cache';
import { parseConfig } from '../../lib/config';
import { sha256Hex } from '../../lib/crypto/hash';
import { randomBase62 } from '../../lib/crypto/random';
import { VAULT_KEY } from '../../lib/keys/vault-keys';
import { createLogger } from '../../lib/logger';
import { createRuntime } from '../../lib/runtime/create-runtime';
import { createSession, makeMerchant } from '../helpers/checkout';
import { cardRequest } from '../helpers/fixtures';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, testEnv, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';

let vault: TestVault;
let userId: string;

beforeAll(async () => {
  vault = await startTestVault();
  userId = (await seedUsers(vault, 'keyed-hashes')).developer.id;
});
afterAll(async () => {
  await vault?.close();
});

const errorOf = (response: { json: any }) => response.json.error;

/** An application row written with SQL, as a database writer would, with the hash it chose. */
async function insertApplication(keyHash: string): Promise<void> {
  await vault.runtime.db.sql.query(
    `INSERT INTO applications (id, project_id, name, key_prefix, key_hash, tokenization, detokenize, provisioning, created_at)
     VALUES ($1::uuid, $2::uuid, 'inserted with SQL', 'vk_test_xxxx', $3, true, true, true, now())`,
    [randomUUID(), vault.tenants.test.projectId, keyHash],
  );
}

async function insertResetToken(tokenHash: string, purpose: 'forgot' | 'invite'): Promise<void> {
  await vault.runtime.db.sql.query(
    `INSERT INTO password_reset_tokens (id, user_id, token_hash, purpose, expires_at, created_at) VALUES ($1::uuid, $2::uuid, $3, $4, now() + interval '1 hour', now())`,
    [randomUUID(), userId, tokenHash, purpose],
  );
}

describe('a secret whose plain SHA-256 a database writer stored does not authenticate', () => {
  it('API keys (X-API-Key): 401 invalid_api_key; the keyed form of another chosen key works', async () => {
    const chosen = `vk_test_${randomBase62(32)}`;
    await insertApplication(sha256Hex(chosen));
    const refused = await vault.call('POST', '/tokenize', { json: cardRequest(), key: chosen });
    expect(refused.status).toBe(401);
    expect(errorOf(refused)).toEqual({ code: 'invalid_api_key', message: 'Invalid API key' });

    const control = `vk_test_${randomBase62(32)}`;
    await insertApplication(vault.runtime.keyring.hashSecret(control));
    expect((await vault.call('POST', '/tokenize', { json: cardRequest(), key: control })).status).toBe(201);
  });

  it('reset tokens (POST /auth/reset-password): 400 invalid_token; the keyed form works', async () => {
    const chosen = randomBase62(40);
    await insertResetToken(sha256Hex(chosen), 'forgot');
    const refused = await vault.call('POST', '/auth/reset-password', { key: null, json: { token: chosen, new_password: 'a brand new password 42' } });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'invalid_token', message: 'Invalid or expired token' });

    const control = randomBase62(40);
    await insertResetToken(vault.runtime.keyring.hashSecret(control), 'forgot');
    expect((await vault.call('POST', '/auth/reset-password', { key: null, json: { token: control, new_password: 'a brand new password 42' } })).status).toBe(200);
  });

  it('invitation tokens (GET /auth/verify-reset-token, POST /auth/reset-password): 400 invalid_token; the keyed form works', async () => {
    const chosen = randomBase62(43);
    await insertResetToken(sha256Hex(chosen), 'invite');
    const checked = await vault.call('GET', `/auth/verify-reset-token?token=${chosen}`, { key: null });
    expect(checked.status).toBe(400);
    expect(errorOf(checked)).toMatchObject({ code: 'invalid_token', message: 'Invalid or expired token' });
    const accepted = await vault.call('POST', '/auth/reset-password', { key: null, json: { token: chosen, new_password: 'an invited password 42' } });
    expect(accepted.status).toBe(400);
    expect(errorOf(accepted)).toMatchObject({ code: 'invalid_token' });

    const control = randomBase62(43);
    await insertResetToken(vault.runtime.keyring.hashSecret(control), 'invite');
    expect((await vault.call('GET', `/auth/verify-reset-token?token=${control}`, { key: null })).json).toMatchObject({ valid: true, purpose: 'invite' });
  });

  it('merchant service keys (X-SERVICE-API-KEY): 401 invalid_service_api_key; the keyed form works', async () => {
    const merchant = await makeMerchant(vault);
    const chosen = `msk_test_${randomBase62(32)}`;
    await vault.runtime.db.sql.query('UPDATE merchants SET key_hash = $2 WHERE id = $1::uuid', [merchant.id, sha256Hex(chosen)]);
    const refused = await createSession(vault, merchant, {}, { serviceKey: chosen });
    expect(refused.status).toBe(401);
    expect(errorOf(refused)).toEqual({ code: 'invalid_service_api_key', message: 'Invalid service API key' });

    await vault.runtime.db.sql.query('UPDATE merchants SET key_hash = $2 WHERE id = $1::uuid', [merchant.id, vault.runtime.keyring.hashSecret(chosen)]);
    expect((await createSession(vault, merchant, {}, { serviceKey: chosen })).status).toBe(201);
  });

  it('what is stored is neither the secret nor its plain SHA-256', async () => {
    const { keyHash } = await vault.runtime.db.prisma.application.findUniqueOrThrow({ where: { id: vault.tenants.test.applicationId }, select: { keyHash: true } });
    expect(keyHash).toBe(vault.runtime.keyring.hashSecret(vault.tenants.test.keys.full));
    expect(keyHash).not.toBe(sha256Hex(vault.tenants.test.keys.full));
  });
});

describe('the one-pass conversion of plain hashes stored by an older release', () => {
  let database: OwnDatabase;
  beforeAll(async () => {
    database = await ownDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  const open = () =>
    createRuntime({ config: parseConfig(testEnv(database.env)), logger: createLogger({ level: 'silent' }), migrate: !database.env.DATABASE_URL });

  it('keys every stored hash without knowing the secrets, once: the same keys and tokens keep working', async () => {
    const first = await startTestVault({ env: database.env });
    const key = first.tenants.test.keys.full;
    const token = randomBase62(40);
    const owner = (await seedUsers(first, 'legacy-hashes')).developer.id;
    const merchant = await makeMerchant(first);
    // As the previous release stored them: plain SHA-256, and no secret-hash key yet.
    const { sql } = first.runtime.db;
    await sql.query('UPDATE applications SET key_hash = $2 WHERE id = $1::uuid', [first.tenants.test.applicationId, sha256Hex(key)]);
    await sql.query('UPDATE merchants SET key_hash = $2 WHERE id = $1::uuid', [merchant.id, sha256Hex(merchant.serviceApiKey)]);
    await sql.query(`INSERT INTO password_reset_tokens (id, user_id, token_hash, purpose, expires_at) VALUES ($1::uuid, $2::uuid, $3, 'forgot', now() + interval '1 hour')`, [
      randomUUID(), owner, sha256Hex(token),
    ]);
    await sql.query('DELETE FROM vault_keys WHERE name = $1', [VAULT_KEY.secretHash]);
    await first.close();
    clearApiKeyCache();

    const second = await startTestVault({ env: database.env });
    try {
      const stored = async () =>
        (await second.runtime.db.sql.query<{ key_hash: string }>('SELECT key_hash FROM applications WHERE id = $1::uuid', [first.tenants.test.applicationId]))[0]!.key_hash;
      const converted = await stored();
      expect(converted).toBe(second.runtime.keyring.hashSecret(key));
      expect(converted).toBe(second.runtime.keyring.keyDigest(sha256Hex(key)));
      expect((await second.call('POST', '/tokenize', { json: cardRequest(), key })).status).toBe(201);
      expect((await createSession(second, { ...merchant, projectId: first.tenants.test.projectId }, {}, { key })).status).toBe(201);
      expect((await second.call('GET', `/auth/verify-reset-token?token=${token}`, { key: null })).json).toMatchObject({ valid: true });

      // A later start converts nothing again (the key row marks the pass done).
      const third = await open();
      await third.close();
      expect(await stored()).toBe(converted);
      clearApiKeyCache();
      expect((await second.call('POST', '/tokenize', { json: cardRequest(), key })).status).toBe(201);
    } finally {
      await second.close();
    }
  });
});
