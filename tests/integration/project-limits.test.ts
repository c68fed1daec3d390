// Project creation limits (issue 10): /internal/provision from a test project's key creates test projects
// only (production → 403 `Insufficient permissions`), and every project creation — POST /api/projects,
// /internal/provision — stops at MAX_PROJECTS_PER_ACCOUNT (403 `project_limit_reached`), also under
// concurrent requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { hashPassword } from '../../lib/auth/passwords';
import { loginAs } from '../helpers/accounts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { TEST_PASSWORD } from '../helpers/users';

const MAX = 6;

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault({ env: { MAX_PROJECTS_PER_ACCOUNT: String(MAX) } });
});
afterAll(() => vault?.close());

type Account = { id: string; owner: string; testKey: string; liveKey: string };

/** A new account with one test project (a provisioning key), one production project (a provisioning key) and a signed-in owner. */
async function freshAccount(): Promise<Account> {
  const { prisma } = vault.runtime.db;
  const account = await prisma.account.create({ data: { name: 'Limited account' } });
  const test = await createProject(vault.runtime, { accountId: account.id, name: 'Test', environment: 'test' });
  const live = await createProject(vault.runtime, { accountId: account.id, name: 'Live', environment: 'production' });
  const app = (projectId: string, environment: 'test' | 'production') =>
    createApplication(vault.runtime, { projectId, environment, name: 'provisioner', permissions: { tokenization: false, provisioning: true } });
  const email = `limits-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await prisma.user.create({ data: { accountId: account.id, email, passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner', name: 'owner' } });
  return { id: account.id, owner: await loginAs(vault, email), testKey: (await app(test.id, 'test')).apiKey, liveKey: (await app(live.id, 'production')).apiKey };
}

const provision = (key: string, json: unknown) => vault.call('POST', '/internal/provision', { key, json });
const createViaApi = (account: Account, name: string, production = false) =>
  vault.call('POST', '/api/projects', { key: null, json: { name, production }, headers: { authorization: `Bearer ${account.owner}` } });
const projectCount = (accountId: string) => vault.runtime.db.prisma.project.count({ where: { accountId } });
const auditOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

function expectError(response: ApiResponse, code: string, message: string | RegExp) {
  expect(response.status).toBe(403);
  expect(response.json).toEqual({ success: false, error: { code, message: typeof message === 'string' ? message : expect.stringMatching(message) }, request_id: response.headers.get('x-request-id') });
}

describe('/internal/provision: environments', () => {
  it('happy: a test key provisions a test project; a production key provisions either', async () => {
    const account = await freshAccount();
    expect((await provision(account.testKey, { name: 'Sub test' })).json.data.project.environment).toBe('test');
    expect((await provision(account.testKey, { name: 'Sub test 2', production: false })).status).toBe(201);
    expect((await provision(account.liveKey, { name: 'Sub live', production: true })).json.data.project.environment).toBe('production');
    expect((await provision(account.liveKey, { name: 'Sub test 3' })).json.data.project.environment).toBe('test');
  });

  it('attack: a test key asking for a production project → 403, nothing created, audited', async () => {
    const account = await freshAccount();
    const before = await projectCount(account.id);
    const response = await provision(account.testKey, { name: 'Escalation', production: true });
    expectError(response, 'insufficient_permissions', 'Insufficient permissions');
    expect(response.text).not.toMatch(/vk_live_|pk_live_/);
    expect(await projectCount(account.id)).toBe(before);
    expect(await vault.runtime.db.prisma.application.count({ where: { name: 'Escalation' } })).toBe(0);
    expect(await auditOf(response)).toMatchObject({ action: 'provision', outcome: 'failure', statusCode: 403 });
  });

  it('the seeded test tenant’s provisioning key is held to the same rule', async () => {
    expectError(await provision(vault.tenants.test.keys.provisioningOnly, { name: 'P', production: true }), 'insufficient_permissions', 'Insufficient permissions');
  });
});

describe(`MAX_PROJECTS_PER_ACCOUNT (${MAX} here)`, () => {
  it('POST /api/projects and /internal/provision stop at the cap with 403 project_limit_reached; deleting one makes room', async () => {
    const account = await freshAccount();
    for (let i = (await projectCount(account.id)); i < MAX - 1; i++) expect((await createViaApi(account, `P${i}`)).status).toBe(201);
    expect((await provision(account.testKey, { name: 'Last one' })).status).toBe(201);
    expect(await projectCount(account.id)).toBe(MAX);

    const viaApi = await createViaApi(account, 'One too many');
    expectError(viaApi, 'project_limit_reached', `Project limit reached: an account may have at most ${MAX} projects`);
    expect(await auditOf(viaApi)).toMatchObject({ action: 'project.create', outcome: 'failure', statusCode: 403 });
    const live = await createViaApi(account, 'One too many live', true);
    expectError(live, 'project_limit_reached', /^Project limit reached/);
    const viaProvision = await provision(account.liveKey, { name: 'One too many provisioned', production: true });
    expectError(viaProvision, 'project_limit_reached', /^Project limit reached/);
    expect(viaProvision.text).not.toMatch(/vk_|pk_live_/);
    expect(await projectCount(account.id)).toBe(MAX);
    expect(await vault.runtime.db.prisma.application.count({ where: { name: 'One too many provisioned' } })).toBe(0);

    const { id } = (await vault.call('GET', '/api/projects', { key: null, headers: { authorization: `Bearer ${account.owner}` } })).json.data.at(-1);
    expect((await vault.call('DELETE', `/api/projects/${id}`, { key: null, headers: { authorization: `Bearer ${account.owner}` } })).status).toBe(200);
    expect((await createViaApi(account, 'Room again')).status).toBe(201);
  });

  it('concurrent creations cannot pass the cap: exactly the remaining room succeeds', async () => {
    const account = await freshAccount();
    const room = MAX - (await projectCount(account.id));
    const responses = await Promise.all(
      Array.from({ length: room + 6 }, (_, i) => (i % 2 ? createViaApi(account, `Race ${i}`) : provision(account.testKey, { name: `Race ${i}` }))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(room);
    expect(statuses.filter((status) => status === 403)).toHaveLength(6);
    for (const response of responses.filter((r) => r.status === 403)) expect(response.json.error.code).toBe('project_limit_reached');
    expect(await projectCount(account.id)).toBe(MAX);
  });

  it('the cap is per account: a full account does not stop another one', async () => {
    const full = await freshAccount();
    while ((await projectCount(full.id)) < MAX) expect((await createViaApi(full, 'Fill')).status).toBe(201);
    const other = await freshAccount();
    expect((await createViaApi(other, 'Still fine')).status).toBe(201);
  });
});
