// GET /metrics: the bearer token on the main port (401 without it, 404 when METRICS_TOKEN is unset), the
// METRICS_PORT listener (metrics and nothing else), and the counters moving by exactly what a tokenize,
// proxy calls (ok, PSP 500, timeout, SSRF refusal), a CVC session, an idempotent replay and failed sign-ins
// did. Labels hold route templates and closed sets only: never a card number, a key or a path's id.
// Also: /ready reports each dependency's latency and /health stays trivial.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../../lib/api/routes';
import { hashPassword } from '../../lib/auth/passwords';
import { deltas, parsePrometheusText, type Scrape } from '../helpers/prometheus-text';
import { useTestPsp, useVaultWithPsp } from '../helpers/psp-test-kit';
import { freePort, spawnServer, type ServerProcess } from '../helpers/spawn-server';
import type { TestVault } from '../helpers/test-vault';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const CANARY_PAN = '4000056655665556';
const PASSWORD = 'metrics test password 42';

const psp = useTestPsp();

describe('GET /metrics on the main port, METRICS_TOKEN set', () => {
  // The PSP is reached as 127.0.0.1 (allow-listed); `localhost` is not, so it is refused at connect time.
  const vault = useVaultWithPsp(() => psp, { METRICS_TOKEN, PROXY_ALLOWED_PRIVATE_HOSTS: '127.0.0.1', PROXY_TIMEOUT_MS: '1000' });
  const pspUrl = (path: string) => `https://127.0.0.1:${psp.port}${path}`;

  async function scrape(v: TestVault): Promise<{ text: string; series: Scrape }> {
    const response = await v.call('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: response.text, series: parsePrometheusText(response.text) };
  }

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${METRICS_TOKEN}x`],
    ['the token without the Bearer scheme', METRICS_TOKEN],
    ['an empty bearer', 'Bearer '],
  ])('%s → 401 Authentication required', async (_name, authorization) => {
    const response = await vault().call('GET', '/metrics', { key: null, headers: authorization === undefined ? {} : { authorization } });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ success: false, error: { code: 'unauthorized', message: 'Authentication required' } });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.text).not.toContain('vault_');
  });

  it('the right token → every metric family, process metrics included', async () => {
    const { text } = await scrape(vault());
    for (const name of [
      'vault_http_request_duration_seconds',
      'vault_psp_request_duration_seconds',
      'vault_cvc_sessions_total',
      'vault_idempotency_replays_total',
      'vault_login_failures_total',
      'vault_account_lockouts_total',
      'vault_webhook_deliveries_total',
      'vault_audit_unsealed_rows',
      'vault_audit_seal_lag_seconds',
      'vault_store_up',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    const { series } = await scrape(vault());
    expect(series.get(`vault_store_up{kind="${vault().runtime.store.kind}"}`)).toBe(1);
    expect(series.get('vault_audit_unsealed_rows')).toBeGreaterThanOrEqual(0);
    expect(series.get('vault_audit_seal_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (vault().runtime.db.kind === 'postgresql') {
      expect(series.get('vault_db_pool_connections{state="max"}')).toBe(5); // DATABASE_POOL_SIZE of the test env
      expect(series.get('vault_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('vault_db_pool_connections{');
    }
  });

  it('the counters move by exactly what the calls did; labels carry no card data, key or id', async () => {
    const v = vault();
    const { prisma } = v.runtime.db;
    const project = await prisma.project.findUniqueOrThrow({ where: { id: v.tenants.test.projectId }, select: { accountId: true } });
    const email = `metrics-${Math.random().toString(36).slice(2, 8)}@example.com`;
    // One failure short of the lockout (10), so the next wrong password locks the account.
    await prisma.user.create({ data: { accountId: project.accountId, email, passwordHash: await hashPassword(PASSWORD), role: 'developer', name: 'Metrics', failedLogins: 9 } });
    const card = { type: 'card', data: { cardNumber: CANARY_PAN, expirationMonth: '12', expirationYear: '2030', cvv: '123' } };
    const { series: before } = await scrape(v);

    const tokenized = await v.call('POST', '/tokenize', { json: card, headers: { 'idempotency-key': 'metrics-replay-1' } });
    expect(tokenized.status).toBe(201);
    const replayed = await v.call('POST', '/tokenize', { json: card, headers: { 'idempotency-key': 'metrics-replay-1' } });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const { token, cvc_session_id } = tokenized.json;
    const proxy = (proxyUrl: string, cvcSession?: string) =>
      v.call('POST', '/proxy/transaction', { json: { token, cvc_session_id: cvcSession, proxy_url: proxyUrl, request_data: { number: '${cardNumber}' } } });

    psp.reply(() => ({ status: 200, body: '{"ok":true}' }));
    expect((await proxy(pspUrl('/charges?ref=1'), cvc_session_id)).status).toBe(200);
    // The session was taken once: asking again finds none (counted as expired), and nothing is sent.
    expect((await proxy(pspUrl('/charges'), cvc_session_id)).status).toBe(404);
    psp.reply(() => ({ status: 500, body: '{"error":"down"}' }));
    expect((await proxy(pspUrl('/charges'))).json.proxy_response.status_code).toBe(500);
    psp.reply(() => ({ hang: true }));
    expect((await proxy(pspUrl('/charges'))).status).toBe(504);
    expect((await proxy(psp.url('/charges'))).status).toBe(400);
    const fetched = await v.call('GET', `/api/tokens/${token}`);

    const login = (json: unknown) => v.call('POST', '/auth/login', { key: null, json });
    expect((await login({ email: `nobody-${email}`, password: PASSWORD })).status).toBe(401);
    expect((await login({ email, password: `${PASSWORD}x` })).status).toBe(401); // the 10th: locks
    expect((await login({ email, password: PASSWORD })).status).toBe(401); // locked

    const { text, series: after } = await scrape(v);
    expect(
      deltas(before, after, [
        'vault_http_request_duration_seconds_count{route="/tokenize",method="POST",status="201"}',
        'vault_http_request_duration_seconds_count{route="/proxy/transaction",method="POST",status="200"}',
        'vault_http_request_duration_seconds_count{route="/proxy/transaction",method="POST",status="404"}',
        'vault_http_request_duration_seconds_count{route="/proxy/transaction",method="POST",status="504"}',
        'vault_http_request_duration_seconds_count{route="/proxy/transaction",method="POST",status="400"}',
        'vault_http_request_duration_seconds_count{route="/auth/login",method="POST",status="401"}',
        'vault_psp_request_duration_seconds_count{outcome="ok"}',
        'vault_psp_request_duration_seconds_count{outcome="psp_4xx"}',
        'vault_psp_request_duration_seconds_count{outcome="psp_5xx"}',
        'vault_psp_request_duration_seconds_count{outcome="timeout"}',
        'vault_psp_request_duration_seconds_count{outcome="refused"}',
        'vault_psp_request_duration_seconds_count{outcome="failed"}',
        'vault_cvc_sessions_total{event="created"}',
        'vault_cvc_sessions_total{event="used"}',
        'vault_cvc_sessions_total{event="expired"}',
        'vault_idempotency_replays_total',
        'vault_login_failures_total{reason="unknown_email"}',
        'vault_login_failures_total{reason="wrong_password"}',
        'vault_login_failures_total{reason="locked"}',
        'vault_account_lockouts_total',
      ]),
    ).toEqual({
      'vault_http_request_duration_seconds_count{route="/tokenize",method="POST",status="201"}': 2,
      'vault_http_request_duration_seconds_count{route="/proxy/transaction",method="POST",status="200"}': 2,
      'vault_http_request_duration_seconds_count{route="/proxy/transaction",method="POST",status="404"}': 1,
      'vault_http_request_duration_seconds_count{route="/proxy/transaction",method="POST",status="504"}': 1,
      'vault_http_request_duration_seconds_count{route="/proxy/transaction",method="POST",status="400"}': 1,
      'vault_http_request_duration_seconds_count{route="/auth/login",method="POST",status="401"}': 3,
      'vault_psp_request_duration_seconds_count{outcome="ok"}': 1,
      'vault_psp_request_duration_seconds_count{outcome="psp_4xx"}': 0,
      'vault_psp_request_duration_seconds_count{outcome="psp_5xx"}': 1,
      'vault_psp_request_duration_seconds_count{outcome="timeout"}': 1,
      'vault_psp_request_duration_seconds_count{outcome="refused"}': 1,
      'vault_psp_request_duration_seconds_count{outcome="failed"}': 0,
      'vault_cvc_sessions_total{event="created"}': 1,
      'vault_cvc_sessions_total{event="used"}': 1,
      'vault_cvc_sessions_total{event="expired"}': 1,
      'vault_idempotency_replays_total': 1,
      'vault_login_failures_total{reason="unknown_email"}': 1,
      'vault_login_failures_total{reason="wrong_password"}': 1,
      'vault_login_failures_total{reason="locked"}': 1,
      'vault_account_lockouts_total': 1,
    });
    // The token's own route is labelled by its template.
    expect(deltas(before, after, [`vault_http_request_duration_seconds_count{route="/api/tokens/{token}",method="GET",status="${fetched.status}"}`])).toEqual({
      [`vault_http_request_duration_seconds_count{route="/api/tokens/{token}",method="GET",status="${fetched.status}"}`]: 1,
    });

    for (const secret of [CANARY_PAN, token, cvc_session_id, v.tenants.test.keys.full, METRICS_TOKEN, email]) expect(text).not.toContain(secret);
    const templates = new Set([...routes.map((route) => route.definition.path), 'next', 'unmatched']);
    const routeLabels = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]!);
    expect(routeLabels.length).toBeGreaterThan(0);
    expect(routeLabels.filter((label) => !templates.has(label))).toEqual([]);
  });

  it('an unknown path is labelled `unmatched`, not by the path asked for', async () => {
    const v = vault();
    const path = `/no/such/${CANARY_PAN}`;
    expect((await v.call('GET', path)).status).toBe(404);
    const { text, series } = await scrape(v);
    expect(series.get('vault_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(path);
  });

  it('GET /ready reports each dependency\'s latency; GET /health stays { status: ok }', async () => {
    const ready = await vault().call('GET', '/ready', { key: null });
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: 'ready', checks: { database: 'ok', store: 'ok' }, latency_ms: { database: expect.any(Number), store: expect.any(Number) } });
    expect(ready.json.latency_ms.database).toBeGreaterThanOrEqual(0);
    expect(ready.json.latency_ms.store).toBeGreaterThanOrEqual(0);
    const health = await vault().call('GET', '/health', { key: null });
    expect({ status: health.status, text: health.text }).toEqual({ status: 200, text: '{"status":"ok"}' });
  });
});

describe('METRICS_PORT: a listener of its own (server process, METRICS_TOKEN unset)', () => {
  let dir: string;
  let server: ServerProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vault-metrics-port-'));
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    // On the run's PostgreSQL when there is one (migrated already: a quicker start than a new PGlite).
    const database = inject('databaseUrl') ? { DATABASE_URL: inject('databaseUrl'), VAULT_MASTER_KEY: inject('masterKey') } : {};
    server = await spawnServer({ ...database, VAULT_DATA_DIR: join(dir, 'data'), METRICS_PORT: String(metricsPort) }, 60_000);
  });

  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves GET /metrics without a token', async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    const series = parsePrometheusText(await response.text());
    expect(series.get('vault_http_request_duration_seconds_count{route="/health",method="GET",status="200"}')).toBe(1);
    expect(series.get('vault_store_up{kind="memory"}')).toBe(1); // no REDIS_URL given to this process
    expect(series.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('serves nothing else: API paths 404, other methods 405', async () => {
    for (const path of ['/health', '/tokenize', '/', '/metrics/x']) {
      const response = await fetch(`${metricsUrl}${path}`);
      expect({ path, status: response.status, body: await response.text() }).toEqual({ path, status: 404, body: 'Not found\n' });
    }
    const post = await fetch(`${metricsUrl}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('the main port answers /metrics with 404 when METRICS_TOKEN is unset', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { accept: 'application/json', authorization: 'Bearer anything-at-all-here' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_found', message: 'Not found' } });
  });

  it('a METRICS_PORT in use stops the start with exit 1 naming it, before the first start prints one-time credentials', async () => {
    const busy = createNetServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const busyPort = (busy.address() as AddressInfo).port;
    try {
      // A new embedded database: the start that would print the owner's one-time password.
      const failed = await spawnServer({ VAULT_DATA_DIR: join(dir, 'fresh'), METRICS_PORT: String(busyPort) }, 60_000).then(
        () => 'started',
        (error: Error) => error.message,
      );
      expect(failed).toContain('server exited with 1 before listening');
      expect(failed).toContain(`vault failed to start: METRICS_PORT ${busyPort}: listen EADDRINUSE`);
      expect(failed).not.toContain('this is shown only once');
    } finally {
      busy.close();
    }
  });
});
