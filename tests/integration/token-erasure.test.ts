// Issue 25, erasure: DELETE /api/tokens/{token} destroys the card data, the metadata and the search entries
// in the delete's own transaction (the row stays, erased, with deleted_at), so detokenize and proxy answer
// 404 token_deleted and the tokens API 404 token_not_found; the `token.deleted` event carries no metadata;
// "tokens stored" stops counting it; an erased token keeps no data key version alive. Deleting a project
// destroys its data keys in the same transaction (crypto-shredding). `vault tokens purge` erases a
// project's tokens created before a UTC day, in batches, audited; --dry-run only counts; bad arguments
// exit 2.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_KEY_COLUMNS } from '../../lib/crypto/keyring';
import { rotateDataKey } from '../../lib/key-rotation/rotate-data-key';
import { retireDataKeys } from '../../lib/key-rotation/retire-data-keys';
import { clearApiKeyCache } from '../../lib/api-keys/api-key-cache';
import { deleteProject } from '../../lib/projects/delete-project';
import { purgeTokens } from '../../lib/tokens/purge-tokens';
import { getProjectStats } from '../../lib/usage/get-project-stats';
import { openPayload } from '../../lib/vault/token-payload';
import { loginAs } from '../helpers/accounts';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { freshTokenProject, type TokenProject } from '../helpers/token-projects';
import { seedUsers, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let owner: string;
const PAN = '4000056655665556';

beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'erasure');
  owner = await loginAs(vault, users.owner.email);
});
afterAll(() => vault?.close());

const freshProject = (name: string) => freshTokenProject(vault, users.accountId, name);

async function tokenize(project: TokenProject, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await vault.call('POST', '/tokenize', { key: project.key, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' }, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.json.token;
}

const asOwner = (method: string, path: string, json?: unknown) => vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${owner}` } });

type Row = { id: string; ciphertext: Uint8Array | null; metadata_sealed: Uint8Array | null; deleted_at: Date | null; mask: string; last4: string; fingerprint: string };
const row = async (token: string) =>
  (await vault.runtime.db.sql.query<Row>('SELECT id, ciphertext, metadata_sealed, deleted_at, mask, last4, fingerprint FROM tokens WHERE token = $1', [token]))[0]!;

function expectError(response: ApiResponse, status: number, code: string, message: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.json).toEqual({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
}

describe('DELETE erases', () => {
  it('no ciphertext, metadata or search entries remain; the row keeps its display fields and deleted_at', async () => {
    const project = await freshProject('Erase');
    await vault.runtime.db.prisma.project.update({ where: { id: project.projectId }, data: { searchableMetadataKeys: ['customer_id'] } });
    clearApiKeyCache();
    const token = await tokenize(project, { metadata: { customer_id: 'cus_erase_1', plan: 'gold' } });
    const before = await row(token);
    expect(await vault.runtime.db.prisma.tokenSearchEntry.count({ where: { tokenId: before.id } })).toBe(1);

    const deleted = await asOwner('DELETE', `/api/tokens/${token}`);
    expect(deleted.status, deleted.text).toBe(200);
    const after = await row(token);
    expect(after).toMatchObject({ ciphertext: null, metadata_sealed: null, mask: before.mask, last4: before.last4, fingerprint: before.fingerprint });
    expect(after.deleted_at).toBeInstanceOf(Date);
    expect(await vault.runtime.db.prisma.tokenSearchEntry.count({ where: { tokenId: before.id } })).toBe(0);

    // The event of the deletion, written with it, names the card but never its metadata.
    const events = await vault.runtime.db.prisma.webhookEvent.findMany({ where: { projectId: project.projectId, type: 'token.deleted' } });
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.body).data).toEqual({ token, type: 'card', brand: 'visa', last4: '5556' });
    expect(events[0]!.body).not.toContain('cus_erase_1');

    for (const response of [
      await vault.call('POST', '/detokenize', { key: project.key, json: { token } }),
      await vault.call('POST', '/proxy/transaction', { key: project.key, json: { token, proxy_url: 'https://localhost:9/pay', request_data: { n: '${cardNumber}' } } }),
    ]) {
      expectError(response, 404, 'token_deleted', 'Token deleted');
    }
    for (const response of [
      await asOwner('GET', `/api/tokens/${token}`),
      await asOwner('DELETE', `/api/tokens/${token}`),
      await asOwner('PATCH', `/api/tokens/${token}`, { metadata: { plan: 'x' } }),
      await vault.call('PATCH', `/tokens/${token}`, { key: project.key, json: { metadata: { plan: 'x' } } }),
    ]) {
      expectError(response, 404, 'token_not_found', 'Token not found');
    }
    // Listed nowhere, and a second DELETE wrote no second event.
    expect((await asOwner('GET', `/api/tokens?project_id=${project.projectId}`)).json.data).toEqual([]);
    expect(await vault.runtime.db.prisma.webhookEvent.count({ where: { projectId: project.projectId, type: 'token.deleted' } })).toBe(1);
  });

  it('concurrent deletes of one token: one 200, the others 404, one event', async () => {
    const project = await freshProject('Erase race');
    const token = await tokenize(project);
    const responses = await Promise.all(Array.from({ length: 5 }, () => vault.call('DELETE', `/api/tokens/${token}`, { key: project.key })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await vault.runtime.db.prisma.webhookEvent.count({ where: { projectId: project.projectId, type: 'token.deleted' } })).toBe(1);
  });

  it('"tokens stored" stops counting an erased token, and a later removal of its row does not count it twice', async () => {
    const project = await freshProject('Erase count');
    const stored = async () => (await getProjectStats(vault.runtime, { accountId: users.accountId, projectId: project.projectId })).tokensStored;
    const [first, second] = [await tokenize(project), await tokenize(project)];
    expect(await stored()).toBe(2);
    expect((await asOwner('DELETE', `/api/tokens/${first}`)).status).toBe(200);
    expect(await stored()).toBe(1);
    // Other updates of a token (its last use, an expiry, a PATCH) change nothing.
    await vault.runtime.db.sql.query('UPDATE tokens SET last_used_at = last_used_at - interval \'2 hours\' WHERE token = $1', [second]);
    expect((await vault.call('PATCH', `/tokens/${second}`, { key: project.key, json: { metadata: { a: 'b' } } })).status).toBe(200);
    expect(await stored()).toBe(1);
    await vault.runtime.db.sql.query('DELETE FROM tokens WHERE token = ANY ($1)', [[first, second]]);
    expect(await stored()).toBe(0);
  });

  it('an erased token keeps no data key version alive: retiring then destroys it', async () => {
    const project = await freshProject('Erase keys');
    const token = await tokenize(project);
    await rotateDataKey(vault.runtime, { projectId: project.projectId });
    clearApiKeyCache();
    expect(await retireDataKeys(vault.runtime, { projectId: project.projectId })).toEqual({ destroyed: [] });
    expect((await vault.call('DELETE', `/api/tokens/${token}`, { key: project.key })).status).toBe(200);
    expect(await retireDataKeys(vault.runtime, { projectId: project.projectId })).toEqual({ destroyed: [1] });
  });
});

describe('deleting a project shreds its keys', () => {
  it('its data keys (every version) and fingerprint key go in the delete\'s transaction: an earlier dump\'s ciphertext has no key left here', async () => {
    const project = await freshProject('Shredded');
    const token = await tokenize(project);
    // Its metadata index goes too (the entries have no foreign key: a trigger on tokens removes them).
    await vault.runtime.db.prisma.project.update({ where: { id: project.projectId }, data: { searchableMetadataKeys: ['customer_id'] } });
    clearApiKeyCache();
    await tokenize(project, { metadata: { customer_id: 'cus_shredded' } });
    expect(await vault.runtime.db.prisma.tokenSearchEntry.count({ where: { projectId: project.projectId } })).toBe(1);
    await rotateDataKey(vault.runtime, { projectId: project.projectId });
    clearApiKeyCache();
    // What an earlier dump holds: the ciphertext and the wrapped keys.
    const dumped = await row(token);
    const [keys] = await vault.runtime.db.sql.query<{ wrapped_data_key: Uint8Array; fingerprint_key_wrapped: Uint8Array }>(
      'SELECT wrapped_data_key, fingerprint_key_wrapped FROM projects WHERE id = $1::uuid',
      [project.projectId],
    );
    const versions = await vault.runtime.db.sql.query<{ version: number; wrapped_key: Uint8Array }>('SELECT version, wrapped_key FROM project_data_keys WHERE project_id = $1::uuid', [project.projectId]);
    expect(versions.map((version) => version.version)).toEqual([1]);
    // Together with the master key, that dump opens the card: the backup caveat (docs/security.md).
    const v1 = vault.runtime.keyring.versionEncryptionKey(project.projectId, 1, versions[0]!.wrapped_key)!;
    expect(openPayload(v1, { projectId: project.projectId, tokenId: dumped.id, keyVersion: 1 }, dumped.ciphertext!)).toMatchObject({ cardNumber: PAN });

    const deleted = await asOwner('DELETE', `/api/projects/${project.projectId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await vault.runtime.db.sql.query('SELECT 1 FROM projects WHERE id = $1::uuid', [project.projectId])).toEqual([]);
    expect(await vault.runtime.db.sql.query('SELECT 1 FROM project_data_keys WHERE project_id = $1::uuid', [project.projectId])).toEqual([]);
    expect(await vault.runtime.db.sql.query('SELECT 1 FROM tokens WHERE project_id = $1::uuid', [project.projectId])).toEqual([]);
    expect(await vault.runtime.db.sql.query('SELECT 1 FROM token_search_entries WHERE project_id = $1::uuid', [project.projectId])).toEqual([]);
    // No copy of any of its wrapped keys is left anywhere a key could be read from.
    const wrapped = [keys!.wrapped_data_key, keys!.fingerprint_key_wrapped, versions[0]!.wrapped_key].map((key) => Buffer.from(key));
    const left = await vault.runtime.db.sql.query(
      `SELECT 1 FROM projects WHERE wrapped_data_key = ANY ($1::bytea[]) OR fingerprint_key_wrapped = ANY ($1::bytea[])
       UNION ALL SELECT 1 FROM project_data_keys WHERE wrapped_key = ANY ($1::bytea[])
       UNION ALL SELECT 1 FROM vault_keys WHERE wrapped = ANY ($1::bytea[])`,
      [wrapped],
    );
    expect(left).toEqual([]);
    // And this process forgot the keys it had unwrapped.
    expect(vault.runtime.keyring.versionEncryptionKey(project.projectId, 1)).toBeNull();
    expect(vault.runtime.keyring.versionEncryptionKey(project.projectId, 2)).toBeNull();
  });

  it('a refused delete (the account\'s last test project) destroys nothing', async () => {
    const { prisma } = vault.runtime.db;
    const account = await prisma.account.create({ data: { name: 'Lonely account' }, select: { id: true } });
    const only = await freshTokenProject(vault, account.id, 'Only test project');
    await rotateDataKey(vault.runtime, { projectId: only.projectId });
    await expect(deleteProject(vault.runtime, { accountId: account.id, projectId: only.projectId })).rejects.toMatchObject({ status: 409 });
    expect(await vault.runtime.db.sql.query('SELECT version FROM project_data_keys WHERE project_id = $1::uuid', [only.projectId])).toEqual([{ version: 1 }]);
    expect(await prisma.project.findUnique({ where: { id: only.projectId }, select: PROJECT_KEY_COLUMNS })).not.toBeNull();
  });
});

describe('purge (lib)', () => {
  it('erases the project\'s live tokens created before the day, in batches, each batch audited; a dry run only counts', async () => {
    const project = await freshProject('Purge');
    const old = [await tokenize(project, { metadata: { plan: 'gold' } }), await tokenize(project), await tokenize(project)];
    const recent = await tokenize(project);
    const alreadyDeleted = await tokenize(project);
    await vault.runtime.db.sql.query('UPDATE tokens SET created_at = $2 WHERE token = ANY ($1)', [[...old, alreadyDeleted], new Date('2024-12-31T23:59:59.999Z')]);
    await vault.runtime.db.sql.query('UPDATE tokens SET created_at = $2 WHERE token = $1', [recent, new Date('2025-01-01T00:00:00.000Z')]);
    expect((await vault.call('DELETE', `/api/tokens/${alreadyDeleted}`, { key: project.key })).status).toBe(200);
    const other = await tokenize({ projectId: vault.tenants.test.projectId, key: vault.tenants.test.keys.full, applicationId: '' });
    await vault.runtime.db.sql.query('UPDATE tokens SET created_at = $2 WHERE token = $1', [other, new Date('2020-01-01T00:00:00Z')]);
    const before = new Date('2025-01-01T00:00:00Z');

    expect(await purgeTokens(vault.runtime, { projectId: project.projectId, before, dryRun: true })).toEqual({ tokens: 3 });
    for (const token of old) expect((await row(token)).ciphertext).not.toBeNull();
    expect(await vault.runtime.db.prisma.auditLog.count({ where: { projectId: project.projectId, action: { startsWith: 'token.purge' } } })).toBe(0);

    const progress: [number, number][] = [];
    expect(await purgeTokens(vault.runtime, { projectId: project.projectId, before, batchSize: 2, onBatch: (erased, total) => progress.push([erased, total]) })).toEqual({ tokens: 3 });
    expect(progress).toEqual([[2, 2], [1, 3]]);
    for (const token of old) expect(await row(token)).toMatchObject({ ciphertext: null, metadata_sealed: null, deleted_at: expect.any(Date) });
    expect((await row(recent)).ciphertext).not.toBeNull();
    expect((await row(other)).ciphertext).not.toBeNull();
    expect(await vault.runtime.db.prisma.webhookEvent.count({ where: { projectId: project.projectId, type: 'token.deleted' } })).toBe(4);

    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { projectId: project.projectId, action: { startsWith: 'token.purge' } }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((entry) => [entry.action, entry.resource])).toEqual([
      ['token.purge_batch_by_operator', `project:${project.projectId} tokens=2 before=2025-01-01`],
      ['token.purge_batch_by_operator', `project:${project.projectId} tokens=1 before=2025-01-01`],
      ['token.purge_by_operator', `project:${project.projectId} tokens=3 before=2025-01-01`],
    ]);
    expect(audit.every((entry) => entry.accountId === users.accountId && entry.userId === null && entry.applicationId === null && entry.tokenId === null && /^cli-/.test(entry.requestId))).toBe(true);
    // Listed with actor `operator`.
    const listed = await asOwner('GET', `/api/audit-logs?action=token.purge_by_operator&project_id=${project.projectId}`);
    expect(listed.json.data[0]).toMatchObject({ actor: { type: 'operator' } });

    // Again: nothing left before the day.
    expect(await purgeTokens(vault.runtime, { projectId: project.projectId, before })).toEqual({ tokens: 0 });
    await expect(purgeTokens(vault.runtime, { projectId: '00000000-0000-4000-8000-000000000000', before })).rejects.toThrow('No project 00000000-0000-4000-8000-000000000000');
  });
});

describe('npx vault tokens purge', () => {
  const cli = fileURLToPath(new URL('../../bin/vault.mjs', import.meta.url));
  let own: OwnDatabase;
  let cliVault: TestVault | undefined;
  beforeAll(async () => {
    own = await ownDatabase();
  });
  afterAll(async () => {
    await cliVault?.close();
    await own?.drop();
  });

  type CliResult = { code: number; stdout: string; stderr: string };
  async function vaultCli(args: string[]): Promise<CliResult> {
    // PGlite is one process's: the in-process vault lets the database go first.
    if (!own.env.DATABASE_URL && cliVault) {
      await cliVault.close();
      cliVault = undefined;
    }
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: '', REDIS_URL: process.env.REDIS_URL ?? '', ...own.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number>((resolve) => child.once('close', (exit) => resolve(exit ?? -1)));
    return { code, stdout, stderr };
  }
  const opened = async () => (cliVault ??= await startTestVault({ env: own.env }));

  it.each([
    [[]],
    [['--project', 'nope', '--before', '2025-01-01']],
    [['--project', '00000000-0000-4000-8000-000000000000']],
    [['--project', '00000000-0000-4000-8000-000000000000', '--before', '2025-02-30']],
    [['--project', '00000000-0000-4000-8000-000000000000', '--before', '01/02/2025']],
    [['--project', '00000000-0000-4000-8000-000000000000', '--before', '2025-01-01', '--dryrun']],
  ])('bad arguments %j → the usage, exit 2', async (args) => {
    const result = await vaultCli(['tokens', 'purge', ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^vault: .+\nUsage: vault tokens purge --project ID --before YYYY-MM-DD \[--dry-run\]\n$/);
  }, 60_000);

  it('counts with --dry-run, then erases with progress and "N tokens"; an unknown project exits 1', async () => {
    const vaultNow = await opened();
    const project = { projectId: vaultNow.tenants.test.projectId, key: vaultNow.tenants.test.keys.full };
    const made: string[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await vaultNow.call('POST', '/tokenize', { key: project.key, json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } } });
      made.push(response.json.token);
    }
    await vaultNow.runtime.db.sql.query('UPDATE tokens SET created_at = $2 WHERE token = ANY ($1)', [made.slice(0, 2), new Date('2021-06-01T00:00:00Z')]);
    const args = ['tokens', 'purge', '--project', project.projectId, '--before', '2022-01-01'];

    const dry = await vaultCli([...args, '--dry-run']);
    expect(dry).toEqual({ code: 0, stderr: '', stdout: `Dry run: counting the tokens of project ${project.projectId} created before 2022-01-01 (UTC); nothing is changed.\n2 tokens\n` });
    const real = await vaultCli(args);
    expect(real).toEqual({ code: 0, stderr: '', stdout: `Erasing the tokens of project ${project.projectId} created before 2022-01-01 (UTC).\n  2 erased (2 so far)\n2 tokens\n` });
    expect(real.stdout).not.toContain(PAN);
    for (const token of made) expect(real.stdout).not.toContain(token);

    const after = await opened();
    const rows = await after.runtime.db.sql.query<{ token: string; erased: boolean }>('SELECT token, ciphertext IS NULL AND deleted_at IS NOT NULL AS erased FROM tokens WHERE token = ANY ($1) ORDER BY token', [made]);
    expect(Object.fromEntries(rows.map((entry) => [entry.token, entry.erased]))).toEqual({ [made[0]!]: true, [made[1]!]: true, [made[2]!]: false });
    const audit = await after.runtime.db.prisma.auditLog.findMany({ where: { action: 'token.purge_by_operator' } });
    expect(audit.map((entry) => entry.resource)).toEqual([`project:${project.projectId} tokens=2 before=2022-01-01`]);

    const unknown = await vaultCli(['tokens', 'purge', '--project', '00000000-0000-4000-8000-000000000000', '--before', '2022-01-01']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('vault: No project 00000000-0000-4000-8000-000000000000\n');
  }, 240_000);
});
