// Webhook endpoints and events (JWT): POST/GET /api/webhook-endpoints, GET/PUT/DELETE /api/webhook-endpoints/{id},
// rotate-secret, test, deliveries, replay; GET /api/events, GET /api/events/{id}, POST /api/events/{id}/resend.
// Happy, error and security tables: the role matrix (owner/admin write, any role reads), another account
// that sees and touches nothing (404), secrets shown once and stored sealed, exact field errors. No worker
// runs here (nothing is sent anywhere): delivery is tests/integration/webhook-delivery.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { inTenantProjects, startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let stranger: Stranger;
const tokens = {} as Record<Role | 'stranger', string>;
const issuedSecrets: string[] = [];
const UNKNOWN_ID = '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11';
const URL = 'https://hooks.example.com/vault';

type CallOptions = { json?: unknown; body?: string; headers?: Record<string, string> };
const api = (who: Role | 'stranger' | null, method: string, path: string, options: CallOptions = {}) =>
  vault.call(method, path, { key: null, ...options, headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...options.headers } });

const errorBody = (response: ApiResponse, code: string, message: string) => ({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
const fieldError = (response: ApiResponse, path: string, message: string) => ({
  success: false,
  error: { code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] },
  request_id: response.headers.get('x-request-id'),
});
const auditRow = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

async function createEndpoint(body: Record<string, unknown> = {}, as: Role | 'stranger' = 'owner') {
  const response = await api(as, 'POST', '/api/webhook-endpoints', { json: { url: URL, ...body } });
  expect(response.status, response.text).toBe(201);
  issuedSecrets.push(response.json.data.secret);
  return response.json.data;
}

beforeAll(async () => {
  // The developer's receiver on localhost is named for webhooks (PROXY_ALLOWED_PRIVATE_HOSTS no longer applies).
  vault = await startTestVault({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: 'localhost' } });
  users = await seedUsers(vault, 'webhook-endpoints');
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) tokens[role] = await loginAs(vault, users[role].email);
  stranger = await seedStranger(vault);
  tokens.stranger = stranger.token;
});
afterAll(() => vault?.close());

describe('webhook endpoints — happy', () => {
  it("POST creates an endpoint in the account's oldest test project, all event types by default, its secret shown once", async () => {
    const response = await api('owner', 'POST', '/api/webhook-endpoints', { json: { url: URL } });
    expect(response.status, response.text).toBe(201);
    const { secret, ...view } = response.json.data;
    issuedSecrets.push(secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(view).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      project_id: vault.tenants.test.projectId,
      url: URL,
      event_types: ['*'],
      description: '',
      enabled: true,
      disabled_reason: null,
      previous_secret_expires_at: null,
      failing_since: null,
      health: { success_rate_24h: null, attempts_24h: 0, last_attempt_at: null, last_status_code: null },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await api('owner', 'GET', `/api/webhook-endpoints/${view.id}`)).json).toEqual({ success: true, data: view });
    const listed = await api('viewer', 'GET', `/api/webhook-endpoints?project_id=${vault.tenants.test.projectId}`);
    expect(listed.json.data).toContainEqual(view);
    expect(await auditRow(response)).toMatchObject({ action: 'webhook_endpoint.create', outcome: 'success', statusCode: 201, resource: `webhook_endpoint:${view.id}`, projectId: view.project_id });
  });

  it('stores the secret sealed, never in clear, and no listing, log or audit row carries it', async () => {
    const endpoint = await createEndpoint({ event_types: ['checkout.session.completed', 'checkout.session.expired'], description: 'Orders service' });
    expect(endpoint.event_types).toEqual(['checkout.session.completed', 'checkout.session.expired']);
    const [row] = await vault.runtime.db.sql.query<{ secret_sealed: Uint8Array }>('SELECT secret_sealed FROM webhook_endpoints WHERE id = $1::uuid', [endpoint.id]);
    const sealed = Buffer.from(row!.secret_sealed);
    expect(sealed.includes(Buffer.from(endpoint.secret))).toBe(false);
    expect(sealed.includes(Buffer.from(endpoint.secret.slice(6), 'base64'))).toBe(false);
    const texts = [(await api('owner', 'GET', '/api/webhook-endpoints')).text, (await api('owner', 'GET', `/api/webhook-endpoints/${endpoint.id}`)).text];
    for (const text of texts) {
      expect(text).not.toContain('"secret"');
      for (const secret of issuedSecrets) expect(text).not.toContain(secret);
    }
  });

  it('PUT changes only the fields sent; disabling (manual) and enabling again', async () => {
    const endpoint = await createEndpoint();
    const renamed = await api('admin', 'PUT', `/api/webhook-endpoints/${endpoint.id}`, { json: { description: 'Renamed', event_types: ['token.created', '*'] } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data).toMatchObject({ url: URL, description: 'Renamed', event_types: ['*'], enabled: true });
    const disabled = await api('owner', 'PUT', `/api/webhook-endpoints/${endpoint.id}`, { json: { enabled: false } });
    expect(disabled.json.data).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const enabled = await api('owner', 'PUT', `/api/webhook-endpoints/${endpoint.id}`, { json: { enabled: true, url: 'https://hooks.example.com/v2' } });
    expect(enabled.json.data).toMatchObject({ enabled: true, disabled_reason: null, url: 'https://hooks.example.com/v2' });
    expect(await auditRow(enabled)).toMatchObject({ action: 'webhook_endpoint.update', resource: `webhook_endpoint:${endpoint.id}` });
  });

  it('rotate-secret: a new secret once, the previous one signing for 24 h by default (body optional), 0 ends it', async () => {
    const endpoint = await createEndpoint();
    const rotated = await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    issuedSecrets.push(rotated.json.data.secret);
    expect(rotated.json.data.secret).toMatch(/^whsec_/);
    expect(rotated.json.data.secret).not.toBe(endpoint.secret);
    const overlap = Date.parse(rotated.json.data.previous_secret_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(86_400_000 - 60_000);
    expect(overlap).toBeLessThanOrEqual(86_400_000);
    const ended = await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { json: { grace_seconds: 0 } });
    issuedSecrets.push(ended.json.data.secret);
    expect(ended.json.data.previous_secret_expires_at).toBeNull();
  });

  it('test queues a webhook.test event for that endpoint only; it shows in the events API and the delivery log', async () => {
    const endpoint = await createEndpoint();
    const other = await createEndpoint();
    const sent = await api('admin', 'POST', `/api/webhook-endpoints/${endpoint.id}/test`);
    expect(sent.status, sent.text).toBe(202);
    const eventId: string = sent.json.data.event_id;
    expect(sent.json).toEqual({ success: true, data: { event_id: expect.stringMatching(/^evt_[0-9A-Za-z]{24}$/) } });
    const event = await api('viewer', 'GET', `/api/events/${eventId}`);
    expect(event.json.data).toEqual({
      id: eventId,
      type: 'webhook.test',
      timestamp: expect.any(String),
      project_id: vault.tenants.test.projectId,
      livemode: false,
      data: { endpoint_id: endpoint.id, message: 'A test event from Vault. Verify its signature and answer 2xx.' },
    });
    const log = await api('viewer', 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`);
    expect(log.json).toEqual({
      success: true,
      data: [
        {
          id: expect.any(String),
          endpoint_id: endpoint.id,
          event_id: eventId,
          event_type: 'webhook.test',
          status: 'pending',
          attempts: 0,
          next_attempt_at: expect.any(String),
          last_attempt_at: null,
          last_status_code: null,
          created_at: expect.any(String),
          attempt_log: [],
        },
      ],
      next_cursor: null,
    });
    expect((await api('viewer', 'GET', `/api/webhook-endpoints/${other.id}/deliveries`)).json.data).toEqual([]);
    expect(await auditRow(sent)).toMatchObject({ action: 'webhook_endpoint.test', resource: `webhook_endpoint:${endpoint.id}` });
  });

  it('GET /api/events filters by project, type and time, newest first, with a cursor', async () => {
    const endpoint = await createEndpoint({ project_id: vault.tenants.other.projectId });
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) ids.push((await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/test`)).json.data.event_id);
    const first = await api('developer', 'GET', `/api/events?project_id=${vault.tenants.other.projectId}&type=webhook.test&limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.map((event: { id: string }) => event.id)).toEqual([ids[2], ids[1]]);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const second = await api('developer', 'GET', `/api/events?project_id=${vault.tenants.other.projectId}&type=webhook.test&limit=2&cursor=${first.json.next_cursor}`);
    expect(second.json.data.map((event: { id: string }) => event.id)).toEqual([ids[0]]);
    expect(second.json.next_cursor).toBeNull();
    const future = await api('developer', 'GET', `/api/events?project_id=${vault.tenants.other.projectId}&from=2999-01-01`);
    expect(future.json).toEqual({ success: true, data: [], next_cursor: null });
    const none = await api('developer', 'GET', `/api/events?project_id=${vault.tenants.other.projectId}&type=checkout.session.completed`);
    expect(none.json.data).toEqual([]);
  });

  it('resend queues a new delivery to one endpoint, or to every enabled endpoint subscribed to the type', async () => {
    const endpoint = await createEndpoint({ project_id: vault.tenants.production.projectId });
    const eventId = (await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/test`)).json.data.event_id;
    expect((await api('owner', 'GET', `/api/events/${eventId}`)).json.data.livemode).toBe(true);
    const toOne = await api('owner', 'POST', `/api/events/${eventId}/resend`, { json: { endpoint_id: endpoint.id } });
    expect(toOne.status, toOne.text).toBe(202);
    expect(toOne.json).toEqual({ success: true, data: { event_id: eventId, deliveries: [{ id: expect.any(String), endpoint_id: endpoint.id }] } });
    const toAll = await api('admin', 'POST', `/api/events/${eventId}/resend`);
    expect(toAll.json.data.deliveries).toEqual([{ id: expect.any(String), endpoint_id: endpoint.id }]);
    expect((await api('owner', 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries?event_id=${eventId}`)).json.data).toHaveLength(3);
    expect(await auditRow(toOne)).toMatchObject({ action: 'event.resend', resource: `event:${eventId}`, projectId: vault.tenants.production.projectId });
  });

  it('DELETE removes the endpoint and its delivery log; the events stay', async () => {
    const endpoint = await createEndpoint();
    const eventId = (await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/test`)).json.data.event_id;
    const deleted = await api('owner', 'DELETE', `/api/webhook-endpoints/${endpoint.id}`);
    expect(deleted.json).toEqual({ success: true, message: 'Webhook endpoint deleted' });
    const gone = await api('owner', 'GET', `/api/webhook-endpoints/${endpoint.id}`);
    expect(gone.json).toEqual(errorBody(gone, 'not_found', 'Webhook endpoint not found'));
    expect(await vault.runtime.db.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect((await api('owner', 'GET', `/api/events/${eventId}`)).status).toBe(200);
  });
});

describe('webhook endpoints — errors', () => {
  it.each([
    [{ url: 'http://hooks.example.com/x' }, 'url', 'url must use https (plain http only for localhost)'],
    [{ url: 'ftp://hooks.example.com/x' }, 'url', 'url must use https'],
    [{ url: 'https://10.0.0.5/x' }, 'url', 'url must not point at localhost or a private, loopback or link-local address: 10.0.0.5 is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS'],
    [{ url: 'https://[fd00::1]/x' }, 'url', 'url must not point at localhost or a private, loopback or link-local address: [fd00::1] is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS'],
    [{ url: 'https://93.184.216.34/x' }, 'url', 'url must name a host, not an IP address (unless allow-listed in WEBHOOK_ALLOWED_PRIVATE_HOSTS)'],
    // Only `localhost` is allow-listed here: the dispatcher would refuse these addresses on every delivery.
    [{ url: 'http://127.0.0.1:4000/x' }, 'url', 'url must not point at localhost or a private, loopback or link-local address: 127.0.0.1 is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS'],
    [{ url: 'http://[::1]:4000/x' }, 'url', 'url must not point at localhost or a private, loopback or link-local address: [::1] is not in WEBHOOK_ALLOWED_PRIVATE_HOSTS'],
    [{ url: 'https://user:pass@hooks.example.com/x' }, 'url', 'url must not contain a user name or password'],
    [{ url: 'not a url' }, 'url', 'url must be an absolute https URL'],
    [{ url: `https://hooks.example.com/${'a'.repeat(2048)}` }, 'url', 'url must be at most 2048 characters'],
    [{}, 'url', 'url is required'],
    [{ url: 42 }, 'url', 'url must be a string'],
    [{ url: URL, event_types: [] }, 'event_types', 'event_types must list at least one event type, or "*"'],
    [{ url: URL, event_types: ['token.created', 'token.created'] }, 'event_types', 'event_types lists an event type twice'],
    [{ url: URL, event_types: 'token.created' }, 'event_types', 'event_types must be an array of event types or ["*"]'],
    [{ url: URL, description: 'x'.repeat(501) }, 'description', 'description must be at most 500 characters'],
    [{ url: URL, enabled: 'yes' }, 'enabled', 'enabled must be a boolean'],
    [{ url: URL, project_id: 'nope' }, 'project_id', 'project_id must be a UUID'],
  ])('POST %# → 400 naming %s', async (body, path, message) => {
    const response = await api('owner', 'POST', '/api/webhook-endpoints', { json: body });
    expect(response.json).toEqual(fieldError(response, path, message));
  });

  it('an unknown event type names the field and the types', async () => {
    const response = await api('owner', 'POST', '/api/webhook-endpoints', { json: { url: URL, event_types: ['checkout.paid'] } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields[0].path).toBe('event_types.0');
    expect(response.json.error.fields[0].message).toContain('checkout.session.completed');
  });

  it('plain http to localhost: allowed in a test project, refused in a production project', async () => {
    const test = await createEndpoint({ url: 'http://localhost:4000/hooks' });
    expect(test.url).toBe('http://localhost:4000/hooks');
    const production = await api('owner', 'POST', '/api/webhook-endpoints', { json: { url: 'http://localhost:4000/hooks', project_id: vault.tenants.production.projectId } });
    expect(production.json).toEqual(fieldError(production, 'url', 'url must use https in a production project (plain http to localhost is for test projects)'));
    const changed = await api('owner', 'PUT', `/api/webhook-endpoints/${test.id}`, { json: { url: 'http://hooks.example.com/' } });
    expect(changed.json).toEqual(fieldError(changed, 'url', 'url must use https (plain http only for localhost)'));
  });

  it('an unknown field, an empty update and bad rotation or replay bodies are 400s', async () => {
    const endpoint = await createEndpoint();
    const unknown = await api('owner', 'POST', '/api/webhook-endpoints', { json: { url: URL, secret: 'whsec_mine' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('validation_error');
    const empty = await api('owner', 'PUT', `/api/webhook-endpoints/${endpoint.id}`, { json: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toContain('Send at least one of url, event_types, description, enabled');
    for (const grace of [-1, 604_801, 1.5]) {
      const response = await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { json: { grace_seconds: grace } });
      expect(response.json).toEqual(fieldError(response, 'grace_seconds', 'grace_seconds must be an integer from 0 to 604800'));
    }
    const noFrom = await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/replay`, { json: {} });
    expect(noFrom.json).toEqual(fieldError(noFrom, 'from', 'from is required'));
    const backwards = await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/replay`, { json: { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' } });
    expect(backwards.json).toEqual(fieldError(backwards, 'to', 'to must be after from'));
    const badStatus = await api('owner', 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries?status=lost`);
    expect(badStatus.json).toEqual(fieldError(badStatus, 'status', 'status must be pending, sending, succeeded, exhausted, cancelled'));
    const badCursor = await api('owner', 'GET', '/api/events?cursor=garbage');
    expect(badCursor.json).toEqual(fieldError(badCursor, 'cursor', 'cursor is not a cursor this API issued'));
  });

  it('a project holds at most 16 endpoints: the 17th is 403 webhook_endpoint_limit_reached', async () => {
    const projectId = stranger.projectId;
    const created: string[] = [];
    for (let index = 0; index < 16; index++) created.push((await createEndpoint({ url: `${URL}/${index}`, project_id: projectId }, 'stranger')).id);
    const refused = await api('stranger', 'POST', '/api/webhook-endpoints', { json: { url: URL, project_id: projectId } });
    expect(refused.json).toEqual(errorBody(refused, 'webhook_endpoint_limit_reached', 'A project has at most 16 webhook endpoints'));
    expect(await vault.runtime.db.prisma.webhookEndpoint.count({ where: { projectId } })).toBe(16);
    // Room again once one is deleted.
    expect((await api('stranger', 'DELETE', `/api/webhook-endpoints/${created[0]}`)).status).toBe(200);
    await createEndpoint({ project_id: projectId }, 'stranger');
    for (const id of created.slice(1)) await api('stranger', 'DELETE', `/api/webhook-endpoints/${id}`);
  });

  it('unknown ids are 404s; a disabled endpoint refuses test, replay and resend with 409', async () => {
    for (const [method, path] of [['GET', `/api/webhook-endpoints/${UNKNOWN_ID}`], ['PUT', `/api/webhook-endpoints/not-a-uuid`], ['POST', `/api/webhook-endpoints/${UNKNOWN_ID}/test`]] as const) {
      const response = await api('owner', method, path, method === 'PUT' ? { json: { description: 'x' } } : {});
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Webhook endpoint not found'));
    }
    for (const id of ['evt_doesnotexist000000000000', 'not-an-event']) {
      const response = await api('owner', 'GET', `/api/events/${id}`);
      expect(response.json).toEqual(errorBody(response, 'not_found', 'Event not found'));
    }
    const endpoint = await createEndpoint();
    const eventId = (await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/test`)).json.data.event_id;
    await api('owner', 'PUT', `/api/webhook-endpoints/${endpoint.id}`, { json: { enabled: false } });
    expect((await api('owner', 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).json.data[0].status).toBe('cancelled');
    for (const [path, json] of [[`/api/webhook-endpoints/${endpoint.id}/test`, undefined], [`/api/webhook-endpoints/${endpoint.id}/replay`, { from: '2026-01-01T00:00:00Z' }], [`/api/events/${eventId}/resend`, { endpoint_id: endpoint.id }]] as const) {
      const response = await api('owner', 'POST', path, { json });
      expect(response.json).toEqual(errorBody(response, 'conflict', 'Webhook endpoint is disabled'));
    }
    const elsewhere = await createEndpoint({ project_id: vault.tenants.other.projectId });
    const crossProject = await api('owner', 'POST', `/api/events/${eventId}/resend`, { json: { endpoint_id: elsewhere.id } });
    expect(crossProject.json).toEqual(errorBody(crossProject, 'not_found', 'Webhook endpoint not found'));
  });
});

describe('webhook endpoints — security', () => {
  const routes = (id: string, eventId: string): [string, string, CallOptions][] => [
    ['GET', '/api/webhook-endpoints', {}],
    ['POST', '/api/webhook-endpoints', { json: { url: URL } }],
    ['GET', `/api/webhook-endpoints/${id}`, {}],
    ['PUT', `/api/webhook-endpoints/${id}`, { json: { description: 'hijacked' } }],
    ['DELETE', `/api/webhook-endpoints/${id}`, {}],
    ['POST', `/api/webhook-endpoints/${id}/rotate-secret`, {}],
    ['POST', `/api/webhook-endpoints/${id}/test`, {}],
    ['GET', `/api/webhook-endpoints/${id}/deliveries`, {}],
    ['POST', `/api/webhook-endpoints/${id}/replay`, { json: { from: '2026-01-01T00:00:00Z' } }],
    ['GET', '/api/events', {}],
    ['GET', `/api/events/${eventId}`, {}],
    ['POST', `/api/events/${eventId}/resend`, {}],
  ];
  const fixture = async () => {
    const endpoint = await createEndpoint();
    const eventId: string = (await api('owner', 'POST', `/api/webhook-endpoints/${endpoint.id}/test`)).json.data.event_id;
    return { endpoint, eventId };
  };

  it('every route needs a session: none, a garbage token or an API key → 401', async () => {
    const { endpoint, eventId } = await fixture();
    for (const [method, path, options] of routes(endpoint.id, eventId)) {
      for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }, { 'x-api-key': vault.tenants.test.keys.full }] as Record<string, string>[]) {
        const response = await api(null, method, path, { ...options, headers });
        expect(response.status, `${method} ${path} ${JSON.stringify(Object.keys(headers))}`).toBe(401);
        expect(response.json).toEqual(errorBody(response, 'unauthorized', 'Authentication required'));
      }
    }
  });

  it.each(['developer', 'viewer'] as const)('%s: reads, but 403 on every change, audited; nothing changes', async (role) => {
    const { endpoint, eventId } = await fixture();
    const mutations: [string, string, string, CallOptions][] = [
      ['webhook_endpoint.create', 'POST', '/api/webhook-endpoints', { json: { url: URL } }],
      ['webhook_endpoint.update', 'PUT', `/api/webhook-endpoints/${endpoint.id}`, { json: { description: 'hijacked' } }],
      ['webhook_endpoint.delete', 'DELETE', `/api/webhook-endpoints/${endpoint.id}`, {}],
      ['webhook_endpoint.rotate_secret', 'POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, {}],
      ['webhook_endpoint.test', 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, {}],
      ['webhook_endpoint.replay', 'POST', `/api/webhook-endpoints/${endpoint.id}/replay`, { json: { from: '2026-01-01T00:00:00Z' } }],
      ['event.resend', 'POST', `/api/events/${eventId}/resend`, {}],
    ];
    for (const [action, method, path, options] of mutations) {
      const response = await api(role, method, path, options);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.json).toEqual(errorBody(response, 'insufficient_permissions', 'Insufficient permissions'));
      expect(await auditRow(response)).toMatchObject({ action, outcome: 'failure', statusCode: 403, userId: users[role].id });
    }
    for (const [method, path, options] of routes(endpoint.id, eventId).filter(([method]) => method === 'GET')) {
      expect((await api(role, method, path, options)).status, path).toBe(200);
    }
    const after = (await api('owner', 'GET', `/api/webhook-endpoints/${endpoint.id}`)).json.data;
    expect(after.description).toBe('');
    expect((await api('owner', 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).json.data).toHaveLength(1);
  });

  it('another account sees none of it and touches none of it (404)', async () => {
    const { endpoint, eventId } = await fixture();
    for (const [method, path, options] of routes(endpoint.id, eventId)) {
      const response = await api('stranger', method, path, options);
      if (path === '/api/webhook-endpoints' && method === 'GET') expect(response.json.data.some((row: { id: string }) => row.id === endpoint.id)).toBe(false);
      else if (path === '/api/events') expect(response.json.data.some((row: { id: string }) => row.id === eventId)).toBe(false);
      else if (method === 'POST' && path === '/api/webhook-endpoints') expect(response.json.data.project_id).toBe(stranger.projectId);
      else {
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.json.error.code).toBe('not_found');
      }
    }
    const intoOurs = await api('stranger', 'POST', '/api/webhook-endpoints', { json: { url: URL, project_id: vault.tenants.test.projectId } });
    expect(intoOurs.json).toEqual(errorBody(intoOurs, 'not_found', 'Project not found'));
    expect((await api('owner', 'GET', `/api/webhook-endpoints/${endpoint.id}`)).json.data.description).toBe('');
  });

  it('a cross-site request with the session cookie → 403 forbidden_origin, nothing created', async () => {
    const before = await vault.runtime.db.prisma.webhookEndpoint.count({ where: inTenantProjects(vault) });
    const response = await vault.call('POST', '/api/webhook-endpoints', {
      key: null,
      json: { url: URL },
      headers: { cookie: `vault_session=${tokens.owner}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.json).toEqual(errorBody(response, 'forbidden_origin', 'Cross-origin requests are not allowed'));
    expect(await vault.runtime.db.prisma.webhookEndpoint.count({ where: inTenantProjects(vault) })).toBe(before);
  });

  it('no secret in logs or audit rows', async () => {
    expect(issuedSecrets.length).toBeGreaterThan(10);
    const logs = vault.logs.join('\n');
    const audit = JSON.stringify(await vault.runtime.db.prisma.auditLog.findMany());
    for (const secret of issuedSecrets) {
      expect(logs).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
  });
});
