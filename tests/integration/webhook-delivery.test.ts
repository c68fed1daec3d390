// Webhook delivery end to end, against a local HTTPS receiver that verifies every request with the package's
// own `verifyWebhook`: Standard Webhooks headers and signature, the stored body sent byte for byte, the
// retry schedule (a short override: never real hours), Retry-After, 410 disabling the endpoint, a secret
// rotation's overlap signed by both secrets, SSRF refusals (a private address, a redirect) without sending,
// and the delivery log. On a database of its own, with this vault's worker the only one running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../lib/mail/outbox';
import { metricsRegistry } from '../../lib/metrics/registry';
import { setRuntime } from '../../lib/runtime/shared';
import { loginAs } from '../helpers/accounts';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

let database: OwnDatabase;
let receiver: WebhookReceiver;
let vault: TestVault;
let jwt: string;

// Attempts 1 s, 2 s and 4 s apart (±20 %); the worker polls every 100 ms.
const SCHEDULE = [0, 1, 2, 4];

const api = (method: string, path: string, json?: unknown) => vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${jwt}` } });

async function createEndpoint(body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const response = await api('POST', '/api/webhook-endpoints', { project_id: vault.tenants.test.projectId, ...body });
  expect(response.status, response.text).toBe(201);
  return { id: response.json.data.id, secret: response.json.data.secret };
}

async function sendTest(endpointId: string): Promise<string> {
  const response = await api('POST', `/api/webhook-endpoints/${endpointId}/test`);
  expect(response.status, response.text).toBe(202);
  return response.json.data.event_id;
}

const deliveriesOf = async (endpointId: string, query = '') => (await api('GET', `/api/webhook-endpoints/${endpointId}/deliveries${query}`)).json.data;
const forEvent = (eventId: string) => (all: { headers: Record<string, unknown> }[]) => all.filter((request) => request.headers['webhook-id'] === eventId);

/** vault_webhook_deliveries_total{outcome="refused"}: attempts the dispatcher refused by address. */
async function refusedCount(): Promise<number> {
  const metric = await metricsRegistry().getSingleMetric('vault_webhook_deliveries_total')?.get();
  return metric?.values.find((value) => value.labels.outcome === 'refused')?.value ?? 0;
}

async function waitForDelivery(endpointId: string, eventId: string, status: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [delivery] = await deliveriesOf(endpointId, `?event_id=${eventId}`);
    if (delivery?.status === status) return delivery;
    if (Date.now() > deadline) throw new Error(`delivery of ${eventId} is ${delivery?.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  database = await ownDatabase();
  receiver = await startWebhookReceiver({ host: '127.0.0.1' });
  vault = await startTestVault({
    env: {
      ...database.env,
      WEBHOOK_WORKER: 'on',
      WEBHOOK_POLL_INTERVAL_MS: '100',
      WEBHOOK_RETRY_SCHEDULE: SCHEDULE.join(','),
      WEBHOOK_TIMEOUT_MS: '2000',
      // 127.0.0.1 (the receiver's literal address) is named for webhooks; the name `localhost` is not, so a
      // URL naming it is refused when it resolves to loopback. PROXY_ALLOWED_PRIVATE_HOSTS (localhost, the
      // test default) no longer applies to webhooks.
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
    },
    pspCa: receiver.ca,
  });
  const users = await seedUsers(vault, 'webhooks');
  jwt = await loginAs(vault, users.owner.email);
});
afterAll(async () => {
  await vault?.close();
  await receiver?.close();
  await database?.drop();
});

describe('a delivery', () => {
  it('carries the Standard Webhooks headers and the stored envelope byte for byte, verified by vault/webhooks', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/ok') });
    receiver.secrets = [endpoint.secret];
    receiver.reply(() => ({ status: 200, body: '{"received":true}' }));
    const before = Math.floor(Date.now() / 1000);
    const eventId = await sendTest(endpoint.id);
    await receiver.waitFor((all) => forEvent(eventId)(all).length === 1);
    const [request] = forEvent(eventId)(receiver.received) as typeof receiver.received;
    expect(request!.verified).toEqual({ ok: true, event: expect.objectContaining({ id: eventId, type: 'webhook.test' }) });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^Vault-Webhooks\/\d+\.\d+\.\d+$/);
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(Number(request!.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const [stored] = await vault.runtime.db.sql.query<{ body: string }>('SELECT body FROM webhook_events WHERE id = $1', [eventId]);
    expect(request!.body.toString('utf8')).toBe(stored!.body);
    const event = await api('GET', `/api/events/${eventId}`);
    expect(JSON.parse(request!.body.toString('utf8'))).toEqual(event.json.data);
    expect(event.json.data).toEqual({
      id: eventId,
      type: 'webhook.test',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      project_id: vault.tenants.test.projectId,
      livemode: false,
      data: { endpoint_id: endpoint.id, message: 'A test event from Vault. Verify its signature and answer 2xx.' },
    });
    const delivery = await waitForDelivery(endpoint.id, eventId, 'succeeded');
    expect(delivery).toMatchObject({ event_id: eventId, event_type: 'webhook.test', status: 'succeeded', attempts: 1, last_status_code: 200, next_attempt_at: null });
    expect(delivery.attempt_log).toEqual([
      { attempt: 1, attempted_at: expect.any(String), webhook_timestamp: Number(request!.headers['webhook-timestamp']), status_code: 200, latency_ms: expect.any(Number), response_body: '{"received":true}', error: null, succeeded: true },
    ]);
    const health = (await api('GET', `/api/webhook-endpoints/${endpoint.id}`)).json.data.health;
    expect(health).toEqual({ success_rate_24h: 1, attempts_24h: 1, last_attempt_at: delivery.last_attempt_at, last_status_code: 200 });
  });

  it('retries a failure on the schedule with the same id and bytes, a new timestamp and signature each time', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/flaky') });
    receiver.secrets = [endpoint.secret];
    let calls = 0;
    receiver.reply((request) => (request.path === '/flaky' && ++calls <= 3 ? { status: 500, body: 'nope' } : { status: 200 }));
    const eventId = await sendTest(endpoint.id);
    await receiver.waitFor((all) => forEvent(eventId)(all).length === 4, 20_000);
    const requests = forEvent(eventId)(receiver.received) as typeof receiver.received;
    expect(new Set(requests.map((request) => request.body.toString('hex'))).size).toBe(1);
    expect(requests.every((request) => request.verified.ok)).toBe(true);
    const gaps = requests.slice(1).map((request, index) => request.at - requests[index]!.at);
    // schedule[n] seconds ±20 %, plus up to a poll interval, a round trip and a busy machine's delay.
    SCHEDULE.slice(1).forEach((seconds, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(seconds * 800);
      expect(gaps[index]).toBeLessThanOrEqual(seconds * 1200 + 1000);
    });
    const delivery = await waitForDelivery(endpoint.id, eventId, 'succeeded');
    expect(delivery.attempts).toBe(4);
    expect(delivery.attempt_log.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 500, 500, 200]);
    expect(delivery.attempt_log.map((attempt: { response_body: string }) => attempt.response_body)).toEqual(['nope', 'nope', 'nope', '']);
  }, 30_000);

  it('marks the delivery exhausted after the last attempt fails', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/down') });
    receiver.reply((request) => (request.path === '/down' ? { status: 503 } : { status: 200 }));
    const eventId = await sendTest(endpoint.id);
    const delivery = await waitForDelivery(endpoint.id, eventId, 'exhausted', 20_000);
    expect(delivery.attempts).toBe(SCHEDULE.length);
    expect(forEvent(eventId)(receiver.received)).toHaveLength(SCHEDULE.length);
    const failed = await deliveriesOf(endpoint.id, '?status=exhausted');
    expect(failed.map((row: { event_id: string }) => row.event_id)).toEqual([eventId]);
  }, 30_000);

  it('waits for Retry-After when it is longer than the schedule', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/later') });
    let calls = 0;
    receiver.reply((request) => (request.path === '/later' && ++calls === 1 ? { status: 429, headers: { 'retry-after': '3' } } : { status: 200 }));
    const eventId = await sendTest(endpoint.id);
    await receiver.waitFor((all) => forEvent(eventId)(all).length === 2, 10_000);
    const [first, second] = forEvent(eventId)(receiver.received) as typeof receiver.received;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(3_000);
  }, 15_000);

  it('410 Gone disables the endpoint: no retry, nothing more sent', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/gone') });
    receiver.reply((request) => (request.path === '/gone' ? { status: 410 } : { status: 200 }));
    const eventId = await sendTest(endpoint.id);
    const delivery = await waitForDelivery(endpoint.id, eventId, 'exhausted');
    expect(delivery.attempts).toBe(1);
    const view = (await api('GET', `/api/webhook-endpoints/${endpoint.id}`)).json.data;
    expect(view).toMatchObject({ enabled: false, disabled_reason: 'gone' });
    const refused = await api('POST', `/api/webhook-endpoints/${endpoint.id}/test`);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toEqual({ code: 'conflict', message: 'Webhook endpoint is disabled' });
    await new Promise((resolve) => setTimeout(resolve, SCHEDULE[1]! * 1500));
    expect(forEvent(eventId)(receiver.received)).toHaveLength(1);
    // Enabled again, the failed delivery is replayed on request.
    expect((await api('PUT', `/api/webhook-endpoints/${endpoint.id}`, { enabled: true })).json.data).toMatchObject({ enabled: true, disabled_reason: null });
    receiver.reply(() => ({ status: 200 }));
    const replay = await api('POST', `/api/webhook-endpoints/${endpoint.id}/replay`, { from: new Date(Date.now() - 60_000).toISOString() });
    expect(replay.status, replay.text).toBe(202);
    expect(replay.json.data).toEqual({ queued: 1 });
    await receiver.waitFor((all) => forEvent(eventId)(all).length === 2);
    // Replayed once: a second replay finds nothing failed.
    expect((await api('POST', `/api/webhook-endpoints/${endpoint.id}/replay`, { from: new Date(Date.now() - 60_000).toISOString() })).json.data).toEqual({ queued: 0 });
  }, 15_000);

  it('an endpoint disabled while an attempt is in flight: that failed attempt is recorded, its retry cancelled', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/slow-fail') });
    receiver.reply((request) => (request.path === '/slow-fail' ? { status: 500, delayMs: 700 } : { status: 200 }));
    const eventId = await sendTest(endpoint.id);
    await receiver.waitFor((all) => forEvent(eventId)(all).length === 1);
    expect((await api('PUT', `/api/webhook-endpoints/${endpoint.id}`, { enabled: false })).json.data).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    // The moment the attempt is recorded, the delivery is already cancelled (no retry left waiting).
    const deadline = Date.now() + 5_000;
    let delivery = (await deliveriesOf(endpoint.id, `?event_id=${eventId}`))[0];
    while (delivery.attempts < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      delivery = (await deliveriesOf(endpoint.id, `?event_id=${eventId}`))[0];
    }
    expect(delivery).toMatchObject({ status: 'cancelled', attempts: 1, last_status_code: 500, next_attempt_at: null });
  });

  it('signs with both secrets during a rotation overlap, and with the new one alone after it', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/rotate') });
    receiver.reply(() => ({ status: 200 }));
    const rotated = await api('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { grace_seconds: 3600 });
    expect(rotated.status, rotated.text).toBe(200);
    const newSecret: string = rotated.json.data.secret;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.json.data.previous_secret_expires_at) - Date.now()).toBeGreaterThan(3_500_000);
    const overlapEvent = await sendTest(endpoint.id);
    await receiver.waitFor((all) => forEvent(overlapEvent)(all).length === 1);
    const [overlap] = forEvent(overlapEvent)(receiver.received) as typeof receiver.received;
    expect(String(overlap!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const { verifyWebhook } = await import('vault/webhooks');
    // Either secret alone verifies it: receivers switch whenever they are ready.
    await expect(verifyWebhook(overlap!.body, overlap!.headers, endpoint.secret)).resolves.toMatchObject({ id: overlapEvent });
    await expect(verifyWebhook(overlap!.body, overlap!.headers, newSecret)).resolves.toMatchObject({ id: overlapEvent });
    await api('POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, { grace_seconds: 0 });
    const latest = (await api('GET', `/api/webhook-endpoints/${endpoint.id}`)).json.data;
    expect(latest.previous_secret_expires_at).toBeNull();
    const afterEvent = await sendTest(endpoint.id);
    await receiver.waitFor((all) => forEvent(afterEvent)(all).length === 1);
    const [after] = forEvent(afterEvent)(receiver.received) as typeof receiver.received;
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    await expect(verifyWebhook(after!.body, after!.headers, newSecret)).rejects.toMatchObject({ code: 'invalid_signature' });
  });
});

describe('SSRF: nothing is sent where the dispatcher refuses to connect or would be redirected', () => {
  it('refuses a host name that resolves to a private address (not named) at connect time: the attempt is recorded as refused, nothing is sent', async () => {
    // localhost is refused at create (issue 21), so the endpoint is made with the receiver's named address
    // and then pointed at a DNS name that resolves to loopback, as an endpoint made before the rule (or a
    // name whose DNS changed since) would be. PROXY_ALLOWED_PRIVATE_HOSTS=localhost does not open it.
    const endpoint = await createEndpoint({ url: receiver.url('/named') });
    expect(vault.runtime.config.PROXY_ALLOWED_PRIVATE_HOSTS).toContain('localhost');
    await vault.runtime.db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: `https://localhost:${receiver.port}/private` } });
    const refusedBefore = await refusedCount();
    const eventId = await sendTest(endpoint.id);
    const [delivery] = await (async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const rows = await deliveriesOf(endpoint.id, `?event_id=${eventId}`);
        if (rows[0]?.attempts >= 1) return rows;
        if (Date.now() > deadline) throw new Error('no attempt recorded');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    expect(delivery.attempt_log[0]).toMatchObject({
      status_code: null,
      succeeded: false,
      response_body: null,
      error: 'refused: localhost is not a public address and not in WEBHOOK_ALLOWED_PRIVATE_HOSTS; nothing was sent',
    });
    expect(await refusedCount()).toBe(refusedBefore + 1);
    expect(receiver.received.filter((request) => request.path === '/private')).toHaveLength(0);
  });

  it('records a redirect as a failure and never follows it', async () => {
    const endpoint = await createEndpoint({ url: receiver.url('/moved') });
    receiver.reply((request) => (request.path === '/moved' ? { status: 302, headers: { location: receiver.url('/elsewhere') } } : { status: 200 }));
    const eventId = await sendTest(endpoint.id);
    await receiver.waitFor((all) => forEvent(eventId)(all).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [delivery] = await deliveriesOf(endpoint.id, `?event_id=${eventId}`);
    expect(delivery.attempt_log[0]).toMatchObject({ status_code: 302, succeeded: false });
    expect(receiver.received.filter((request) => request.path === '/elsewhere')).toHaveLength(0);
  });
});

describe('an endpoint failing for WEBHOOK_DISABLE_AFTER_SECONDS', () => {
  it('is disabled and the account owners are mailed', async () => {
    const own = await ownDatabase();
    const failing = await startTestVault({
      env: { ...own.env, WEBHOOK_WORKER: 'on', WEBHOOK_POLL_INTERVAL_MS: '100', WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1,1', WEBHOOK_DISABLE_AFTER_SECONDS: '2', WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' },
      pspCa: receiver.ca,
    });
    try {
      const users = await seedUsers(failing, 'failing');
      const token = await loginAs(failing, users.owner.email);
      const call = (method: string, path: string, json?: unknown) => failing.call(method, path, { key: null, json, headers: { authorization: `Bearer ${token}` } });
      receiver.reply((request) => (request.path === '/always-500' ? { status: 500 } : { status: 200 }));
      const created = await call('POST', '/api/webhook-endpoints', { project_id: failing.tenants.test.projectId, url: receiver.url('/always-500') });
      await call('POST', `/api/webhook-endpoints/${created.json.data.id}/test`);
      const deadline = Date.now() + 15_000;
      let view = (await call('GET', `/api/webhook-endpoints/${created.json.data.id}`)).json.data;
      while (view.enabled && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        view = (await call('GET', `/api/webhook-endpoints/${created.json.data.id}`)).json.data;
      }
      expect(view).toMatchObject({ enabled: false, disabled_reason: 'failing' });
      expect(view.failing_since).not.toBeNull();
      // The mail follows the disabling (sent once the attempt is recorded).
      const mailFor = async () => (await readOutbox(failing.runtime.mailDataDir)).find((message) => message.to === users.owner.email);
      let mail = await mailFor();
      while (!mail && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        mail = await mailFor();
      }
      // The configured span (WEBHOOK_DISABLE_AFTER_SECONDS: 2), not the default's 5 days.
      expect(mail?.subject).toBe('Vault: a webhook endpoint was disabled after 2 seconds of failures');
      expect(mail?.text).toContain('has failed every delivery attempt for 2 seconds, so');
      expect(mail?.text).toContain(receiver.url('/always-500'));
    } finally {
      await failing.close();
      await own.drop();
      // One runtime per process is the shared one: this file's vault serves again.
      setRuntime(vault.runtime);
    }
  }, 30_000);
});

describe('real events through the receiver, and no card data anywhere', () => {
  const CANARY_PAN = '4000056655665556';

  it('tokenize and delete arrive once each (token.created, token.deleted), subscribed types only; no PAN in events, log, logs', async () => {
    const all = await createEndpoint({ url: receiver.url('/tokens-all'), event_types: ['token.created', 'token.deleted'] });
    const checkoutOnly = await createEndpoint({ url: receiver.url('/checkout-only'), event_types: ['checkout.session.completed'] });
    receiver.secrets = [all.secret, checkoutOnly.secret];
    // A careless receiver echoing a card number back: the delivery log keeps it masked.
    receiver.reply((request) => ({ status: 200, body: `{"echo":"${CANARY_PAN}","path":"${request.path}"}` }));
    const tokenized = await vault.call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber: CANARY_PAN, expirationMonth: '12', expirationYear: '2030' } } });
    expect(tokenized.status, tokenized.text).toBe(201);
    const token: string = tokenized.json.token ?? tokenized.json.data?.token;
    const deleted = await api('DELETE', `/api/tokens/${token}`);
    expect(deleted.status, deleted.text).toBe(200);
    const ofToken = (all: typeof receiver.received) => all.filter((request) => request.verified.ok && request.verified.event.data.token === token);
    await receiver.waitFor((received) => ofToken(received).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const arrived = ofToken(receiver.received);
    expect(arrived.map((request) => [request.path, request.verified.ok && request.verified.event.type])).toEqual([
      ['/tokens-all', 'token.created'],
      ['/tokens-all', 'token.deleted'],
    ]);
    expect(receiver.received.filter((request) => request.path === '/checkout-only')).toHaveLength(0);
    const created = arrived[0]!.verified.ok ? arrived[0]!.verified.event : null;
    expect(created!.data).toEqual({ token, type: 'card', brand: 'visa', last4: '5556', application_id: vault.tenants.test.applicationId, created_at: expect.any(String) });
    const log = await deliveriesOf(all.id);
    const bodies = log.flatMap((delivery: { attempt_log: { response_body: string }[] }) => delivery.attempt_log.map((attempt) => attempt.response_body));
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    for (const body of bodies) expect(body).toContain('"echo":"400005******5556"');
    const stored = JSON.stringify(await vault.runtime.db.sql.query('SELECT e.body, a.response_body, a.error FROM webhook_events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id LEFT JOIN webhook_attempts a ON a.delivery_id = d.id'));
    const everywhere = [stored, vault.logs.join('\n'), JSON.stringify(await vault.runtime.db.prisma.auditLog.findMany())];
    for (const text of everywhere) {
      expect(text).not.toContain(CANARY_PAN);
      expect(text).not.toContain('4000 0566 5566 5556');
    }
  });
});
