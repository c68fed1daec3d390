// Issue 21: webhook endpoints have their own private-host setting, WEBHOOK_ALLOWED_PRIVATE_HOSTS (default
// empty), in every project. An endpoint URL whose host is localhost or a private, loopback or link-local IP
// literal is refused at create and update (400 validation_error naming `url`) unless that setting names the
// host; PROXY_ALLOWED_PRIVATE_HOSTS (set to localhost and 127.0.0.1 here) no longer applies to webhooks.
// Nothing is sent anywhere: no worker runs (connect-time refusal: webhook-delivery.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/accounts';
import { inTenantProjects, startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';

const refused = (host: string) => `url must not point at localhost or a private, loopback or link-local address: ${host} is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS`;

function useVault(env: Record<string, string>) {
  const state = {} as { vault: TestVault; jwt: string };
  beforeAll(async () => {
    state.vault = await startTestVault({ env: { WEBHOOK_WORKER: 'off', ...env } });
    const users = await seedUsers(state.vault, `webhook-private-${Object.keys(env).length}`);
    state.jwt = await loginAs(state.vault, users.owner.email);
  });
  afterAll(() => state.vault?.close());
  return state;
}

const api = (state: { vault: TestVault; jwt: string }, method: string, path: string, json?: unknown) =>
  state.vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${state.jwt}` } });

function expectUrlRefused(response: ApiResponse, host: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.json).toEqual({
    success: false,
    error: { code: 'validation_error', message: `Invalid request: url: ${refused(host)}`, fields: [{ path: 'url', message: refused(host) }] },
    request_id: response.headers.get('x-request-id'),
  });
}

describe('WEBHOOK_ALLOWED_PRIVATE_HOSTS unset (PROXY_ALLOWED_PRIVATE_HOSTS=localhost,127.0.0.1 does not count)', () => {
  const state = useVault({ PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost,127.0.0.1' });

  it.each([
    ['http://localhost:4000/hooks', 'localhost', 'test'],
    ['https://localhost/hooks', 'localhost', 'production'],
    ['https://127.0.0.1:8443/hooks', '127.0.0.1', 'test'],
    ['https://127.0.0.1/hooks', '127.0.0.1', 'production'],
    ['http://[::1]:4000/hooks', '[::1]', 'test'],
    ['https://10.1.2.3/hooks', '10.1.2.3', 'production'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254', 'test'],
    ['https://[fe80::1]/hooks', '[fe80::1]', 'production'],
  ] as const)('a webhook to %s is refused at create in a %s project: 400 naming url, nothing stored', async (url, host, environment) => {
    const project = environment === 'test' ? state.vault.tenants.test : state.vault.tenants.production;
    const before = await state.vault.runtime.db.prisma.webhookEndpoint.count({ where: inTenantProjects(state.vault) });
    expectUrlRefused(await api(state, 'POST', '/api/webhook-endpoints', { url, project_id: project.projectId }), host);
    expect(await state.vault.runtime.db.prisma.webhookEndpoint.count({ where: inTenantProjects(state.vault) })).toBe(before);
  });

  it('an update to loopback is refused the same way; the stored URL stays', async () => {
    const created = await api(state, 'POST', '/api/webhook-endpoints', { url: 'https://hooks.example.com/vault' });
    expect(created.status, created.text).toBe(201);
    expectUrlRefused(await api(state, 'PUT', `/api/webhook-endpoints/${created.json.data.id}`, { url: 'https://127.0.0.1/steal' }), '127.0.0.1');
    expect((await api(state, 'GET', `/api/webhook-endpoints/${created.json.data.id}`)).json.data.url).toBe('https://hooks.example.com/vault');
  });
});

describe('WEBHOOK_ALLOWED_PRIVATE_HOSTS=localhost,127.0.0.1 names a developer receiver', () => {
  const state = useVault({ WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost,127.0.0.1', PROXY_ALLOWED_PRIVATE_HOSTS: '' });

  it('the named hosts are accepted (in every project); others stay refused', async () => {
    expect((await api(state, 'POST', '/api/webhook-endpoints', { url: 'http://localhost:4000/hooks' })).status).toBe(201);
    expect((await api(state, 'POST', '/api/webhook-endpoints', { url: 'https://127.0.0.1:8443/hooks', project_id: state.vault.tenants.production.projectId })).status).toBe(201);
    expectUrlRefused(await api(state, 'POST', '/api/webhook-endpoints', { url: 'https://[::1]/hooks' }), '[::1]');
    expectUrlRefused(await api(state, 'POST', '/api/webhook-endpoints', { url: 'https://192.168.0.10/hooks' }), '192.168.0.10');
  });
});
