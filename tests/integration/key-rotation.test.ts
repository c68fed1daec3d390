// Issue 10, "Cryptography and keys": ciphertexts bound to their owner (a token row and its wrapped key moved
// to another project do not open there), the start-up re-seal of rows written before that binding, data key
// versions (rotate, old tokens still open, --reencrypt moves them) and master key rotation (resumable, the
// old key refused afterwards). Each part on a database of its own: PostgreSQL in CI, PGlite otherwise.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { clearApiKeyCache } from '../../lib/api-keys/api-key-cache';
import { seal } from '../../lib/crypto/aead';
import { Keyring, PROJECT_KEY_COLUMNS } from '../../lib/crypto/keyring';
import { parseConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { bindCiphertextsToOwners } from '../../lib/key-rotation/bind-to-owners';
import { encryptionKeyForVersion } from '../../lib/keys/data-key-versions';
import { reencryptProject, rotateDataKey } from '../../lib/key-rotation/rotate-data-key';
import { rotateMasterKey } from '../../lib/key-rotation/rotate-master';
import { MasterKeyError } from '../../lib/keys/service-root';
import { VAULT_KEY, vaultKeyAad } from '../../lib/keys/vault-keys';
import { createMerchant } from '../../lib/merchants/create-merchant';
import { getMerchantOrThrow } from '../../lib/merchants/get-merchant-or-throw';
import { createRuntime } from '../../lib/runtime/create-runtime';
import type { Runtime } from '../../lib/runtime/types';
import { createCvcSession, takeCvc } from '../../lib/vault/cvc-sessions';
import { cardRequest } from '../helpers/fixtures';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, testEnv, type TestVault } from '../helpers/test-vault';

const PAN = '4000056655665556';
const quiet = createLogger({ level: 'silent' });

/** A runtime on the same database as `database`, under `masterKey` (the vault's, unless given). */
const openRuntime = (database: OwnDatabase, options: { masterKey?: string; duringKeyRotation?: boolean } = {}) =>
  createRuntime({
    config: parseConfig(testEnv({ ...database.env, ...(options.masterKey ? { VAULT_MASTER_KEY: options.masterKey } : {}) })),
    logger: quiet,
    migrate: !database.env.DATABASE_URL,
    duringKeyRotation: options.duringKeyRotation,
  });

async function tokenize(vault: TestVault, key?: string): Promise<string> {
  const response = await vault.call('POST', '/tokenize', { json: cardRequest({ cardNumber: PAN }), key });
  expect(response.status).toBe(201);
  return response.json.token;
}

async function detokenize(vault: TestVault, token: string, key?: string) {
  return vault.call('POST', '/detokenize', { json: { token }, key });
}

async function accountIdOf(vault: TestVault): Promise<string> {
  return (await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId } })).accountId;
}

/** A vault on a database of its own for the enclosing describe, closed and dropped after it. */
function vaultOnOwnDatabase() {
  const own = {} as { database: OwnDatabase; vault: TestVault };
  beforeAll(async () => {
    own.database = await ownDatabase();
    own.vault = await startTestVault({ env: own.database.env });
  });
  afterAll(async () => {
    await own.vault?.close();
    await own.database?.drop();
  });
  return own;
}

describe('owner binding', () => {
  const own = vaultOnOwnDatabase();

  it('a token row and its wrapped data key moved to another project do not open there', async () => {
    const token = await tokenize(own.vault);
    // A project this process has never used, so no unwrapped key of it is cached: the copied wrapped key is
    // really unwrapped under the other project's id.
    const accountId = await accountIdOf(own.vault);
    const target = await createProject(own.vault.runtime, { accountId, name: 'Target project', environment: 'test' });
    const targetKey = (await createApplication(own.vault.runtime, { projectId: target.id, environment: 'test', name: 'Target app', permissions: { tokenization: true, provisioning: false } })).apiKey;
    const source = await own.vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: own.vault.tenants.test.projectId }, select: PROJECT_KEY_COLUMNS });
    await own.vault.runtime.db.sql.query('UPDATE projects SET wrapped_data_key = $2, data_key_version = $3, fingerprint_key_wrapped = $4 WHERE id = $1::uuid', [
      target.id, source.wrappedDataKey, source.dataKeyVersion, source.fingerprintKeyWrapped,
    ]);
    await own.vault.runtime.db.sql.query('UPDATE tokens SET project_id = $2::uuid WHERE token = $1', [token, target.id]);

    const response = await detokenize(own.vault, token, targetKey);
    expect(response.status).toBe(500);
    expect(response.json).toMatchObject({ success: false });
    expect(response.text).not.toContain(PAN);
    expect(own.vault.logs.join('\n')).not.toContain(PAN);
  });

  it('the AAD names the owner: a ciphertext copied onto another token of the same project does not open', async () => {
    const first = await tokenize(own.vault);
    const second = await tokenize(own.vault);
    await own.vault.runtime.db.sql.query('UPDATE tokens SET ciphertext = (SELECT ciphertext FROM tokens WHERE token = $1) WHERE token = $2', [first, second]);
    expect((await detokenize(own.vault, first)).status).toBe(200);
    const moved = await detokenize(own.vault, second);
    expect(moved.status).toBe(500);
    expect(moved.text).not.toContain(PAN);
  });

  it('new rows are stamped with their key version and bound form', async () => {
    const token = await tokenize(own.vault);
    const [row] = await own.vault.runtime.db.sql.query<{ key_version: number }>('SELECT key_version FROM tokens WHERE token = $1', [token]);
    expect(row!.key_version).toBe(1);
    const project = await own.vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: own.vault.tenants.test.projectId }, select: PROJECT_KEY_COLUMNS });
    expect(project.dataKeyVersion).toBe(1);
    expect(project.fingerprintKeyWrapped).not.toBeNull();
  });
});

describe('start-up re-seal of rows written before owner binding', () => {
  const own = vaultOnOwnDatabase();

  it('converts legacy projects, tokens and merchant processors; idempotent; the data still opens', async () => {
    const { runtime } = own.vault;
    const masterKey = Buffer.from(own.database.env.VAULT_MASTER_KEY!, 'base64');
    const accountId = await accountIdOf(own.vault);
    // Written as the previous release wrote them: data key wrapped under a constant AAD, fingerprints from
    // the data key, token and processor AADs without the project.
    const dataKey = randomBytes(32);
    const legacyProject = await createProject(runtime, { accountId, name: 'Legacy project', environment: 'test' });
    await runtime.db.sql.query('UPDATE projects SET wrapped_data_key = $2, data_key_version = 0, fingerprint_key_wrapped = NULL WHERE id = $1::uuid', [
      legacyProject.id, seal(masterKey, dataKey, 'vault/project-data-key/v1'),
    ]);
    const legacyKey = (await createApplication(runtime, { projectId: legacyProject.id, environment: 'test', name: 'Legacy app', permissions: { tokenization: true, provisioning: false } })).apiKey;
    const encryption = (await import('node:crypto')).hkdfSync('sha256', dataKey, Buffer.alloc(0), 'vault/encryption/v1', 32);
    const tokenIds: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const token = await tokenize(own.vault, legacyKey);
      const [row] = await runtime.db.sql.query<{ id: string }>('SELECT id FROM tokens WHERE token = $1', [token]);
      tokenIds.push(token);
      const payload = JSON.stringify({ type: 'card', cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' });
      await runtime.db.sql.query('UPDATE tokens SET ciphertext = $2, key_version = 0 WHERE id = $1::uuid', [row!.id, seal(Buffer.from(encryption), payload, `vault/token/${row!.id}`)]);
    }
    const merchant = await createMerchant(runtime, { accountId, projectId: legacyProject.id, name: 'Legacy shop', processor: { type: 'sandbox' } });
    await runtime.db.sql.query('UPDATE merchants SET processor_sealed = $2, processor_key_version = 0 WHERE id = $1::uuid', [
      merchant.id, seal(Buffer.from(encryption), JSON.stringify({ type: 'sandbox' }), `vault/merchant-processor/${merchant.id}`),
    ]);
    await runtime.db.sql.query('DELETE FROM vault_keys WHERE name = $1', [VAULT_KEY.ownerBinding]);
    clearApiKeyCache();

    // Before the re-seal, legacy rows open as they are (a rolling start never breaks reads).
    expect((await detokenize(own.vault, tokenIds[0]!, legacyKey)).json.data.cardNumber).toBe(PAN);

    const bound = await bindCiphertextsToOwners(runtime);
    expect(bound).toEqual({ projects: 1, tokens: 3, merchants: 1 });
    expect(await bindCiphertextsToOwners(runtime)).toBeNull();

    const rows = await runtime.db.sql.query<{ key_version: number }>('SELECT key_version FROM tokens WHERE project_id = $1::uuid', [legacyProject.id]);
    expect(rows.map((row) => row.key_version)).toEqual([1, 1, 1]);
    const project = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: legacyProject.id }, select: PROJECT_KEY_COLUMNS });
    expect(project.dataKeyVersion).toBe(1);
    // Re-wrapped under `project:<id>`: the legacy AAD no longer opens it; the fingerprint key is kept as it was.
    expect(() => runtime.keyring.unwrapKey(project.wrappedDataKey, 'vault/project-data-key/v1')).toThrow();
    expect(runtime.keyring.unwrapKey(project.wrappedDataKey, `project:${legacyProject.id}`).equals(dataKey)).toBe(true);
    clearApiKeyCache();
    for (const token of tokenIds) expect((await detokenize(own.vault, token, legacyKey)).json.data.cardNumber).toBe(PAN);
    expect((await getMerchantOrThrow(runtime, { accountId, merchantId: merchant.id })).processor).toEqual({ type: 'sandbox' });
    // Fingerprints made before and after the conversion still match: the same card is recognised.
    const after = await tokenize(own.vault, legacyKey);
    const fingerprints = await runtime.db.sql.query<{ fingerprint: string }>('SELECT DISTINCT fingerprint FROM tokens WHERE token = ANY($1)', [[...tokenIds, after]]);
    expect(fingerprints).toHaveLength(1);
  });

  it('resumes: a start that finds some rows converted and some not converts the rest', async () => {
    const { runtime } = own.vault;
    const token = await tokenize(own.vault);
    const [row] = await runtime.db.sql.query<{ id: string; project_id: string }>('SELECT id, project_id FROM tokens WHERE token = $1', [token]);
    const project = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: row!.project_id }, select: PROJECT_KEY_COLUMNS });
    const { encryption } = runtime.keyring.projectKeys(project);
    const payload = JSON.stringify({ type: 'card', cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' });
    await runtime.db.sql.query('UPDATE tokens SET ciphertext = $2, key_version = 0 WHERE id = $1::uuid', [row!.id, seal(encryption, payload, `vault/token/${row!.id}`)]);
    await runtime.db.sql.query('DELETE FROM vault_keys WHERE name = $1', [VAULT_KEY.ownerBinding]);
    expect(await bindCiphertextsToOwners(runtime)).toEqual({ projects: 0, tokens: 1, merchants: 0 });
    expect((await detokenize(own.vault, token)).json.data.cardNumber).toBe(PAN);
  });
});

describe('vault keys rotate-data-key', () => {
  const own = vaultOnOwnDatabase();
  afterEach(() => clearApiKeyCache());

  it('new writes use the new version, old tokens and CVC sessions still open, --reencrypt moves everything, fingerprints stay', async () => {
    const { runtime } = own.vault;
    const projectId = own.vault.tenants.test.projectId;
    const accountId = await accountIdOf(own.vault);
    const before = await tokenize(own.vault);
    const merchant = await createMerchant(runtime, { accountId, projectId, name: 'Shop', processor: { type: 'sandbox' } });
    const projectV1 = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_KEY_COLUMNS });
    const v1 = runtime.keyring.projectKeys(projectV1);
    const cvcSession = await createCvcSession({ store: runtime.store, projectId, encryption: { key: v1.encryption, version: v1.version }, tokenId: 'tok-row', cvv: '123', mode: 'reusable', ttlSeconds: 60 });

    expect(await rotateDataKey(runtime, { projectId })).toEqual({ projectId, previousVersion: 1, version: 2 });
    clearApiKeyCache();
    const after = await tokenize(own.vault);
    const versions = await runtime.db.sql.query<{ token: string; key_version: number; fingerprint: string }>(
      'SELECT token, key_version, fingerprint FROM tokens WHERE token = ANY($1) ORDER BY key_version', [[before, after]],
    );
    expect(versions.map((row) => [row.token, row.key_version])).toEqual([[before, 1], [after, 2]]);
    expect(versions[0]!.fingerprint).toBe(versions[1]!.fingerprint);
    for (const token of [before, after]) expect((await detokenize(own.vault, token)).json.data.cardNumber).toBe(PAN);
    const projectV2 = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_KEY_COLUMNS });
    expect(await takeCvc({ store: runtime.store, projectId, keyFor: (version) => encryptionKeyForVersion(runtime, projectV2, version), tokenId: 'tok-row', sessionId: cvcSession })).toBe('123');
    const [retired] = await runtime.db.sql.query<{ version: number }>('SELECT version FROM project_data_keys WHERE project_id = $1::uuid', [projectId]);
    expect(retired!.version).toBe(1);

    const moved = await reencryptProject(runtime, { projectId, batchSize: 2 });
    const total = Number((await runtime.db.sql.query<{ n: string }>('SELECT count(*) AS n FROM tokens WHERE project_id = $1::uuid', [projectId]))[0]!.n);
    expect(moved).toEqual({ version: 2, tokens: total - 1, merchants: 1, webhookSecrets: 0 });
    const left = await runtime.db.sql.query('SELECT id FROM tokens WHERE project_id = $1::uuid AND key_version <> 2', [projectId]);
    expect(left).toEqual([]);
    for (const token of [before, after]) expect((await detokenize(own.vault, token)).json.data.cardNumber).toBe(PAN);
    expect((await getMerchantOrThrow(runtime, { accountId, merchantId: merchant.id })).processor).toEqual({ type: 'sandbox' });
    expect(await reencryptProject(runtime, { projectId })).toEqual({ version: 2, tokens: 0, merchants: 0, webhookSecrets: 0 });

    const audit = await runtime.db.prisma.auditLog.findMany({ where: { projectId, action: { startsWith: 'keys.' } }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((row) => [row.action, row.resource, row.outcome])).toEqual([
      ['keys.rotate_data_key', `project:${projectId}:data-key-v2`, 'success'],
      ['keys.reencrypt', `project:${projectId}:data-key-v2`, 'success'],
      ['keys.reencrypt', `project:${projectId}:data-key-v2`, 'success'],
    ]);
  });

  it('a node whose cached project predates a rotation opens ciphertexts of the newer version (read from the database)', async () => {
    const { runtime } = own.vault;
    const projectId = own.vault.tenants.other.projectId;
    const stale = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_KEY_COLUMNS });
    await rotateDataKey(runtime, { projectId });
    const fresh = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_KEY_COLUMNS });
    expect(fresh.dataKeyVersion).toBe(2);
    // A keyring with nothing cached, like another node's.
    const other = new Keyring(Buffer.from(own.database.env.VAULT_MASTER_KEY!, 'base64'));
    const newer = await encryptionKeyForVersion({ db: runtime.db, keyring: other }, stale, 2);
    expect(newer.equals(runtime.keyring.projectKeys(fresh).encryption)).toBe(true);
    expect(newer.equals(runtime.keyring.projectKeys(stale).encryption)).toBe(false);
    await expect(encryptionKeyForVersion({ db: runtime.db, keyring: other }, stale, 3)).rejects.toThrow(`project ${projectId} has no data key version 3`);
  });

  it('refuses an id that is not a project', async () => {
    await expect(rotateDataKey(own.vault.runtime, { projectId: 'nope' })).rejects.toThrow('--project must be a project id (a UUID)');
    await expect(rotateDataKey(own.vault.runtime, { projectId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow('No project 00000000-0000-4000-8000-000000000000');
  });
});

describe('vault keys rotate-master', () => {
  let database: OwnDatabase;
  let vault: TestVault | undefined;
  let runtimes: Runtime[] = [];
  beforeAll(async () => {
    database = await ownDatabase();
  });
  afterEach(async () => {
    await Promise.all(runtimes.map((runtime) => runtime.close()));
    runtimes = [];
  });
  afterAll(async () => {
    await vault?.close();
    await database?.drop();
  });
  const track = async (runtime: Promise<Runtime>) => {
    const started = await runtime;
    runtimes.push(started);
    return started;
  };

  it('re-wraps every key; the old key is refused afterwards; the data opens under the new one', async () => {
    vault = await startTestVault({ env: database.env });
    const token = await tokenize(vault);
    const pubKey = vault.tenants.production.pubKey;
    await rotateDataKey(vault.runtime, { projectId: vault.tenants.test.projectId });
    await vault.close();
    vault = undefined;

    const oldKey = database.env.VAULT_MASTER_KEY!;
    const newKey = randomBytes(32);
    const runtime = await track(openRuntime(database, { duringKeyRotation: true }));
    // Any other installation key (the audit chain's, say) is re-wrapped too, still bound to its name.
    const extra = randomBytes(32);
    await runtime.db.sql.query('INSERT INTO vault_keys (name, wrapped) VALUES ($1, $2)', ['test/extra', runtime.keyring.wrapKey(extra, vaultKeyAad('test/extra'))]);
    await expect(rotateMasterKey(runtime, { newKey: Buffer.from(oldKey, 'base64') })).rejects.toThrow('the new master key is the current one');
    expect(await rotateMasterKey(runtime, { newKey })).toEqual({ projects: 3, retiredDataKeys: 1, reencrypted: 0, destroyedDataKeys: 0, keptBackupCodes: false });
    const [rewrapped] = await runtime.db.sql.query<{ wrapped: Uint8Array }>('SELECT wrapped FROM vault_keys WHERE name = $1', ['test/extra']);
    expect(new Keyring(newKey).unwrapKey(rewrapped!.wrapped, vaultKeyAad('test/extra')).equals(extra)).toBe(true);
    await runtime.close();
    runtimes = [];

    await expect(openRuntime(database)).rejects.toThrow(MasterKeyError);
    await expect(openRuntime(database)).rejects.toThrow("the master key does not open this database's keys");
    database.env.VAULT_MASTER_KEY = newKey.toString('base64');
    vault = await startTestVault({ env: database.env });
    // startTestVault seeds fresh tenants; the earlier token belongs to the first test project.
    const [row] = await vault.runtime.db.sql.query<{ project_id: string }>('SELECT project_id FROM tokens WHERE token = $1', [token]);
    const app = await createApplication(vault.runtime, { projectId: row!.project_id, environment: 'test', name: 'After rotation', permissions: { tokenization: true, provisioning: false } });
    expect((await detokenize(vault, token, app.apiKey)).json.data.cardNumber).toBe(PAN);
    expect(pubKey).toMatch(/^pk_live_/);
    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { action: 'keys.rotate_master' } });
    expect(audit.map((entry) => [entry.resource, entry.outcome])).toEqual([['vault:master-key', 'success']]);
  });

  it('resumes after a crash: servers refuse to start meanwhile, the same command finishes, another new key is refused', async () => {
    await vault?.close();
    vault = undefined;
    const current = database.env.VAULT_MASTER_KEY!;
    const newKey = randomBytes(32);
    // A crash after the marker and one project's re-wrap: as rotate-master leaves it.
    const first = await track(openRuntime(database));
    const next = new Keyring(newKey);
    await first.db.sql.query('INSERT INTO vault_keys (name, wrapped) VALUES ($1, $2)', [VAULT_KEY.masterRotation, next.wrapKey(randomBytes(16), vaultKeyAad(VAULT_KEY.masterRotation))]);
    const [project] = await first.db.prisma.project.findMany({ select: PROJECT_KEY_COLUMNS, take: 1 });
    const dataKey = first.keyring.unwrapDataKey(project!);
    await first.db.sql.query('UPDATE projects SET wrapped_data_key = $2 WHERE id = $1::uuid', [project!.id, next.wrapKey(dataKey, `project:${project!.id}`)]);
    await first.close();
    runtimes = [];

    await expect(openRuntime(database)).rejects.toThrow('a master key rotation did not finish');
    // The resumed run starts on the old key: every installation key it opens at start is still under it.
    const resuming = await track(openRuntime(database, { duringKeyRotation: true }));
    expect(resuming.keyring.auditChainKey()).toHaveLength(32);
    await expect(rotateMasterKey(resuming, { newKey: randomBytes(32) })).rejects.toThrow('a rotation to another new master key is in progress');
    await rotateMasterKey(resuming, { newKey });
    await resuming.close();
    runtimes = [];

    await expect(openRuntime(database, { masterKey: current })).rejects.toThrow(MasterKeyError);
    const after = await track(openRuntime(database, { masterKey: newKey.toString('base64') }));
    for (const row of await after.db.prisma.project.findMany({ select: PROJECT_KEY_COLUMNS })) {
      expect(() => after.keyring.projectKeys(row)).not.toThrow();
    }
    database.env.VAULT_MASTER_KEY = newKey.toString('base64');
  });

  it('an installation whose service root is its old master key (from before the root existed): the root is replaced, TOTP secrets and backup codes keep working', async () => {
    await vault?.close();
    vault = undefined;
    const { sealTotpSecret, openTotpSecret } = await import('../../lib/auth/mfa/totp');
    const { newBackupCodes, findBackupCode } = await import('../../lib/auth/mfa/backup-codes');
    const { hkdfSync } = await import('node:crypto');
    // Forget the service root: the next start takes the master key itself as root, as upgraded installs do.
    const setup = await track(openRuntime(database));
    await setup.db.sql.query('DELETE FROM vault_keys WHERE name = $1', [VAULT_KEY.service]);
    await setup.close();
    runtimes = [];
    const legacy = await track(openRuntime(database));
    const oldMaster = Buffer.from(database.env.VAULT_MASTER_KEY!, 'base64');
    const legacyTotpKey = Buffer.from(hkdfSync('sha256', oldMaster, Buffer.alloc(0), 'vault/service/totp/v1', 32));
    expect(legacy.keyring.serviceKey('totp').equals(legacyTotpKey)).toBe(true);
    const account = await legacy.db.prisma.account.create({ data: { name: 'MFA account' } });
    const user = await legacy.db.prisma.user.create({ data: { accountId: account.id, email: `mfa-${randomBytes(4).toString('hex')}@example.com`, passwordHash: 'x', mfaEnabled: true } });
    const secret = 'JBSWY3DPEHPK3PXP';
    await legacy.db.prisma.user.update({ where: { id: user.id }, data: { mfaSecret: sealTotpSecret(legacy.keyring.serviceKey('totp'), user.id, secret) as Buffer<ArrayBuffer> } });
    const backup = newBackupCodes(legacy.keyring.serviceKey('backup-codes'));
    await legacy.db.prisma.backupCode.createMany({ data: backup.hashes.map((codeHash) => ({ userId: user.id, codeHash })) });

    const newKey = randomBytes(32);
    expect((await rotateMasterKey(legacy, { newKey })).keptBackupCodes).toBe(true);
    await legacy.close();
    runtimes = [];
    database.env.VAULT_MASTER_KEY = newKey.toString('base64');

    const after = await track(openRuntime(database));
    const stored = await after.db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { mfaSecret: true } });
    expect(openTotpSecret(after.keyring.serviceKey('totp'), user.id, stored.mfaSecret!)).toBe(secret);
    // The retired master key derives nothing any more: its TOTP key does not open the re-sealed secret.
    expect(() => openTotpSecret(legacyTotpKey, user.id, stored.mfaSecret!)).toThrow();
    expect(after.keyring.serviceKey('totp').equals(legacyTotpKey)).toBe(false);
    expect(findBackupCode(after.keyring.backupCodeKeys(), backup.codes[3]!, backup.hashes)).toBe(3);
  });

  it('a processor answer kept before the rotation (its session still claimed) is recorded after it; with no claim left, no old key is kept', async () => {
    await vault?.close();
    vault = undefined;
    const { keepPendingCharge } = await import('../../lib/checkout/pending-charge');
    const { createCheckoutSession } = await import('../../lib/checkout/create-checkout-session');
    const { getCheckoutSession } = await import('../../lib/checkout/get-checkout-session');
    const { checkoutSessionSchema } = await import('../../lib/checkout/schemas');
    const before = await track(openRuntime(database));
    const account = await before.db.prisma.account.create({ data: { name: 'Checkout account' } });
    const project = await createProject(before, { accountId: account.id, name: 'Checkout project', environment: 'test' });
    const merchant = await createMerchant(before, { accountId: account.id, projectId: project.id, name: 'Shop', processor: { type: 'sandbox' } });
    const session = await createCheckoutSession(before, {
      project: { id: project.id, environment: 'test' },
      applicationId: null,
      merchant: { id: merchant.id, name: merchant.name },
      input: checkoutSessionSchema(60).parse({ merchantId: merchant.id, amount: '10.00', currency: 'USD', successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/cancel', errorUrl: 'https://shop.example/error' }),
    });
    // The processor approved, then the attempt row could not be written: the answer is kept, the claim held.
    const lockId = 'lock-before-rotation';
    await before.db.prisma.checkoutSession.update({ where: { id: session.id }, data: { chargeLockId: lockId, chargeLockUntil: new Date(Date.now() + 86_400_000) } });
    const result = { outcome: 'approved', transactionId: 'psp_tx_before_rotation' } as never;
    await keepPendingCharge(before, session.id, { state: 'unrecorded', lockId, result, card: { brand: 'visa', last4: '4242' }, tokenId: 'tok_x' });
    const kept = await before.store.get(`checkout-charge:${session.id}`);
    const newKey = randomBytes(32);
    await rotateMasterKey(before, { newKey });
    await before.close();
    runtimes = [];
    database.env.VAULT_MASTER_KEY = newKey.toString('base64');

    const after = await track(openRuntime(database));
    // The in-process store of a PGlite run is per runtime: the kept value is carried over as Redis would keep it.
    await after.store.set(`checkout-charge:${session.id}`, kept!, 3600);
    const read = await getCheckoutSession(after, session.id);
    expect([read?.status, read?.transactionId]).toEqual(['completed', 'psp_tx_before_rotation']);
    expect(await after.db.sql.query('SELECT name FROM vault_keys WHERE name = $1', [VAULT_KEY.legacyPendingCharges])).toHaveLength(1);

    // No claim left: the next rotation keeps no pending-charge key.
    const newerKey = randomBytes(32);
    await rotateMasterKey(after, { newKey: newerKey });
    expect(await after.db.sql.query('SELECT name FROM vault_keys WHERE name = $1', [VAULT_KEY.legacyPendingCharges])).toHaveLength(0);
    database.env.VAULT_MASTER_KEY = newerKey.toString('base64');
  });
});
