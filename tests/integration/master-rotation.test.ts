// Issue 21 §3, "`vault keys rotate-master` replaces what the old master key could open":
// - a new service root: sessions and sign-in tokens end, TOTP secrets are re-sealed (and still verify),
//   backup codes issued before keep working, API keys keep working (the secret-hash key is re-wrapped);
// - `--reencrypt --retire-old`: after it, neither the old master key nor anything derivable from it and a dump
//   taken before opens any wrapped or sealed value of a dump taken after, nor matches a fingerprint;
// - a row that does not open stops the CLI command, naming its table and id, with nothing changed.
import { execFile } from 'node:child_process';
import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearApiKeyCache } from '../../lib/api-keys/api-key-cache';
import { open } from '../../lib/crypto/aead';
import { hmacSha256Hex } from '../../lib/crypto/hash';
import { dataKeyAad, fingerprintKeyAad } from '../../lib/crypto/keyring';
import { hashPassword } from '../../lib/auth/passwords';
import { processorAad } from '../../lib/merchants/processor-seal';
import { newBackupCodes } from '../../lib/auth/mfa/backup-codes';
import { openTotpSecret, sealTotpSecret } from '../../lib/auth/mfa/totp';
import { rotateDataKey } from '../../lib/key-rotation/rotate-data-key';
import { rotateMasterKey } from '../../lib/key-rotation/rotate-master';
import { vaultKeyAad } from '../../lib/keys/vault-keys';
import { createWebhookEndpoint } from '../../lib/webhooks/create-webhook-endpoint';
import { webhookSecretAad } from '../../lib/webhooks/endpoint-secret';
import { rotateWebhookSecret } from '../../lib/webhooks/rotate-webhook-secret';
import { tokenAad } from '../../lib/vault/token-payload';
import type { SqlClient } from '../../lib/db/connect';
import { makeMerchant } from '../helpers/checkout';
import { cardRequest } from '../helpers/fixtures';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, testEnv, type TestVault } from '../helpers/test-vault';

const PAN = '4000056655665556';
const PASSWORD = 'a long enough password 42';
const SERVICE_PURPOSES = ['jwt', 'next-auth', 'totp', 'backup-codes', 'idempotency', 'idempotency-record', 'email-verification', 'checkout-pending-charge'];
const derive = (key: Buffer, purpose: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `vault/${purpose}/v1`, 32));

type Dump = Record<string, Record<string, unknown>[]>;

/** Every row of every table with a bytea column, as a database dump would hold them. */
async function dump(sql: Pick<SqlClient, 'query'>): Promise<Dump> {
  const tables = await sql.query<{ table_name: string }>(`SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND data_type = 'bytea'`);
  const result: Dump = {};
  for (const { table_name } of tables) result[table_name] = await sql.query(`SELECT * FROM ${table_name}`);
  return result;
}

/** How to open each wrapped or sealed column: its AAD from the row (MAC columns are not sealed: skipped). */
const SEALED: Record<string, Record<string, (row: any) => string>> = {
  projects: { wrapped_data_key: (row) => dataKeyAad(row.id), fingerprint_key_wrapped: (row) => fingerprintKeyAad(row.id), pub_key_wrapped: (row) => `vault/secret/pub-key/${row.id}` },
  project_data_keys: { wrapped_key: (row) => dataKeyAad(row.project_id) },
  vault_keys: { wrapped: (row) => vaultKeyAad(row.name) },
  tokens: { ciphertext: (row) => tokenAad({ projectId: row.project_id, tokenId: row.id }, row.key_version) },
  merchants: { processor_sealed: (row) => processorAad(row.project_id, row.id, row.processor_key_version) },
  webhook_endpoints: { secret_sealed: (row) => webhookSecretAad(row.project_id, row.id), previous_secret_sealed: (row) => webhookSecretAad(row.project_id, row.id) },
};
const TOTP_COLUMNS = ['mfa_secret', 'mfa_pending_secret'];

/** Every key the old master key opens in the earlier dump, and every key derived from those. */
function keysFrom(oldMaster: Buffer, before: Dump): Buffer[] {
  const keys = [oldMaster, ...SERVICE_PURPOSES.map((purpose) => derive(oldMaster, `service/${purpose}`))];
  for (const [table, columns] of Object.entries(SEALED).filter(([table]) => ['projects', 'project_data_keys', 'vault_keys'].includes(table))) {
    for (const row of before[table] ?? []) {
      for (const [column, aad] of Object.entries(columns)) {
        if (!row[column]) continue;
        const key = open(oldMaster, row[column] as Uint8Array, aad(row));
        keys.push(key, derive(key, 'encryption'), derive(key, 'fingerprint'));
        for (let at = 0; at + 32 <= key.length && key.length > 32; at += 32) keys.push(key.subarray(at, at + 32));
        for (const purpose of SERVICE_PURPOSES) keys.push(derive(key, `service/${purpose}`));
      }
    }
  }
  return keys;
}

describe('vault keys rotate-master', () => {
  let database: OwnDatabase;
  let vault: TestVault | undefined;
  beforeAll(async () => {
    database = await ownDatabase();
  });
  afterAll(async () => {
    await vault?.close();
    await database?.drop();
  });

  it('--reencrypt --retire-old: a new service root, keys and logins keep working, and the old master key opens nothing in a later dump', async () => {
    vault = await startTestVault({ env: database.env });
    const { runtime } = vault;
    const projectId = vault.tenants.test.projectId;
    const accountId = (await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId } })).accountId;
    const tokenized = await vault.call('POST', '/tokenize', { json: cardRequest({ cardNumber: PAN }) });
    expect(tokenized.status).toBe(201);
    await makeMerchant(vault);
    const endpoint = await createWebhookEndpoint(runtime, { accountId, input: { project_id: projectId, url: 'https://hooks.example/vault', event_types: ['*'], description: '', enabled: true } });
    await rotateWebhookSecret(runtime, { accountId, endpointId: endpoint.row.id, graceSeconds: 3600 });
    await rotateDataKey(runtime, { projectId });
    // A user with TOTP and backup codes, signed in before the rotation.
    const email = `rotation-${randomBytes(4).toString('hex')}@example.com`;
    const user = await runtime.db.prisma.user.create({ data: { accountId, email, passwordHash: await hashPassword(PASSWORD), role: 'owner', mfaEnabled: true } });
    const totp = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await runtime.db.prisma.user.update({ where: { id: user.id }, data: { mfaSecret: sealTotpSecret(runtime.keyring.serviceKey('totp'), user.id, totp) as Buffer<ArrayBuffer> } });
    const backup = newBackupCodes(runtime.keyring.serviceKey('backup-codes'));
    await runtime.db.prisma.backupCode.createMany({ data: backup.hashes.map((codeHash) => ({ userId: user.id, codeHash })) });
    const mfaToken = (await vault.call('POST', '/auth/login', { key: null, json: { email, password: PASSWORD } })).json.mfa_token;
    const session = (await vault.call('POST', '/auth/mfa/verify-backup', { key: null, json: { mfa_token: mfaToken, code: backup.codes[0] } })).json.token;
    expect((await vault.call('GET', '/api/members', { key: null, headers: { authorization: `Bearer ${session}` } })).status).toBe(200);
    const oldTotpKey = runtime.keyring.serviceKey('totp');
    const before = await dump(runtime.db.sql);
    const oldMaster = Buffer.from(database.env.VAULT_MASTER_KEY!, 'base64');
    const apiKey = vault.tenants.test.keys.full;
    await vault.close();
    vault = undefined;

    const newKey = randomBytes(32);
    const { createRuntime } = await import('../../lib/runtime/create-runtime');
    const { parseConfig } = await import('../../lib/config');
    const { createLogger } = await import('../../lib/logger');
    const rotating = await createRuntime({ config: parseConfig(testEnv(database.env)), logger: createLogger({ level: 'silent' }), migrate: !database.env.DATABASE_URL, duringKeyRotation: true });
    try {
      const result = await rotateMasterKey(rotating, { newKey, reencrypt: true, retireOld: true });
      expect(result).toMatchObject({ reencrypted: 3, keptBackupCodes: true });
      expect(result.destroyedDataKeys).toBeGreaterThanOrEqual(4);
    } finally {
      await rotating.close();
    }
    database.env.VAULT_MASTER_KEY = newKey.toString('base64');
    clearApiKeyCache();
    vault = await startTestVault({ env: database.env });
    const after = await dump(vault.runtime.db.sql);

    // A new audit chain key epoch, linked to the old one by a key change seal; verify checks both.
    expect(after.vault_keys!.map((row) => row.name)).toContain('audit-chain/epoch/2');
    const links = await vault.runtime.db.sql.query<{ epoch: number }>('SELECT epoch FROM audit_seals WHERE link_mac IS NOT NULL');
    expect(links).toEqual([{ epoch: 2 }]);
    const { verifyAuditChain } = await import('../../lib/audit/verify-audit-chain');
    await (await import('../../lib/audit/audit-chain')).sealAuditLog(vault.runtime);
    expect(await verifyAuditChain(vault.runtime, { full: true })).toMatchObject({ valid: true });
    const rotationRow = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { action: 'keys.rotate_master' } });
    expect(rotationRow.resource).toBe('vault:master-key');

    // Every older data key version is gone; the project is on fresh data and fingerprint keys.
    expect(after.project_data_keys!.filter((row) => row.project_id === projectId)).toEqual([]);
    // The session ended; the API key, the TOTP secret (re-sealed) and an unused backup code still work.
    expect((await vault.call('GET', '/api/members', { key: null, headers: { authorization: `Bearer ${session}` } })).status).toBe(401);
    expect((await vault.call('POST', '/detokenize', { json: { token: tokenized.json.token }, key: apiKey })).json.data.cardNumber).toBe(PAN);
    const login = async () => (await vault!.call('POST', '/auth/login', { key: null, json: { email, password: PASSWORD } })).json.mfa_token;
    expect((await vault.call('POST', '/auth/mfa/verify-backup', { key: null, json: { mfa_token: await login(), code: backup.codes[1] } })).status).toBe(200);
    const stored = await vault.runtime.db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { mfaSecret: true } });
    expect(openTotpSecret(vault.runtime.keyring.serviceKey('totp'), user.id, stored.mfaSecret!)).toBe(totp);
    expect(() => openTotpSecret(oldTotpKey, user.id, stored.mfaSecret!)).toThrow();
    if (Date.now() % 30_000 > 28_000) await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await vault.call('POST', '/auth/mfa/verify', { key: null, json: { mfa_token: await login(), code: await generate({ secret: totp }) } })).status).toBe(200);

    // The dump after: every wrapped or sealed value opens under the new keys (so the AADs here are right)...
    const newMaster = newKey;
    const candidates = keysFrom(oldMaster, before);
    let checked = 0;
    for (const [table, columns] of Object.entries(SEALED)) {
      for (const row of after[table] ?? []) {
        for (const [column, aad] of Object.entries(columns)) {
          if (!row[column]) continue;
          if (['projects', 'project_data_keys', 'vault_keys'].includes(table)) expect(() => open(newMaster, row[column] as Uint8Array, aad(row))).not.toThrow();
          // ...and none under the old master key or anything derivable from it and the earlier dump.
          for (const key of candidates) expect(() => open(key, row[column] as Uint8Array, aad(row)), `${table}.${column} ${row.id ?? row.name}`).toThrow();
          checked += 1;
        }
      }
    }
    for (const row of after.users ?? []) {
      for (const column of TOTP_COLUMNS) {
        if (!row[column]) continue;
        for (const key of candidates) expect(() => openTotpSecret(key, row.id as string, row[column] as Uint8Array)).toThrow();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
    // Every bytea column of the schema is one of those, or a MAC (audit seals), which seals nothing.
    for (const [table, rows] of Object.entries(after)) {
      for (const [column, value] of Object.entries(rows[0] ?? {})) {
        if (!(value instanceof Uint8Array)) continue;
        expect(SEALED[table]?.[column] || (table === 'users' && TOTP_COLUMNS.includes(column)) || /mac/.test(column), `${table}.${column}`).toBeTruthy();
      }
    }
    // The card's fingerprint is no longer one any old fingerprint key computes.
    const fingerprints = new Set(after.tokens!.map((row) => row.fingerprint as string));
    for (const key of candidates) expect(fingerprints.has(hmacSha256Hex(key, `card:${PAN}`))).toBe(false);
  }, 300_000);
});

describe('vault keys rotate-master on a row that does not open', () => {
  let database: OwnDatabase;
  const dir = mkdtempSync(join(tmpdir(), 'vault-rotate-'));
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));

  it('exits 1 naming the table and the row id, and changes nothing: the old key still opens everything', async () => {
    database = await ownDatabase();
    const vault = await startTestVault({ env: database.env });
    const projectId = vault.tenants.other.projectId;
    const [row] = await vault.runtime.db.sql.query<{ wrapped_data_key: Uint8Array }>('SELECT wrapped_data_key FROM projects WHERE id = $1::uuid', [projectId]);
    const tampered = Buffer.from(row!.wrapped_data_key);
    tampered[tampered.length - 1]! ^= 1;
    await vault.runtime.db.sql.query('UPDATE projects SET wrapped_data_key = $2 WHERE id = $1::uuid', [projectId, tampered]);
    const before = await dump(vault.runtime.db.sql);
    await vault.close();

    const newKeyFile = join(dir, 'new.key');
    writeFileSync(newKeyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    const env = { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...testEnv(database.env) } as Record<string, string>;
    for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name];
    const failure = await promisify(execFile)(process.execPath, [cli, 'keys', 'rotate-master', '--new-key-file', newKeyFile], { env: env as NodeJS.ProcessEnv, encoding: 'utf8' }).then(
      () => {
        throw new Error('expected a failure');
      },
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toBe(
      `vault: cannot open projects row ${projectId} (wrapped_data_key) with the configured master key: the row was changed or damaged outside the vault. ` +
        'Nothing was changed; restore that row from a backup (or delete it if it is no longer needed), then run the same command again.\n',
    );
    expect(failure.stderr).not.toContain('Unsupported state');

    // Nothing half-done: the same rows, no rotation marker; a server still starts on the old key.
    const again = await startTestVault({ env: database.env });
    try {
      const now = await dump(again.runtime.db.sql);
      // (On PostgreSQL the test vault skips the start-up steps the CLI runs; their marker is not the rotation's.)
      const names = (dumped: Dump) => dumped.vault_keys!.map((key) => key.name as string).filter((name) => name !== 'owner-binding').sort();
      expect(names(now)).toEqual(names(before));
      expect(names(now)).not.toContain('master-rotation');
      for (const table of ['projects', 'project_data_keys', 'vault_keys', 'users']) {
        for (const previous of before[table] ?? []) {
          const id = (previous.id ?? previous.name ?? `${previous.project_id}:${previous.version}`) as string;
          const current = now[table]!.find((candidate) => ((candidate.id ?? candidate.name ?? `${candidate.project_id}:${candidate.version}`) as string) === id);
          for (const [column, value] of Object.entries(previous)) if (value instanceof Uint8Array) expect(Buffer.from(current![column] as Uint8Array).equals(Buffer.from(value)), `${table}.${column}`).toBe(true);
        }
      }
    } finally {
      await again.close();
    }
  }, 300_000);
});
