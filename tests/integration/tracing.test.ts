// OpenTelemetry tracing in a real server process (the bundle, as production runs it) exporting to a local
// OTLP/HTTP receiver: spans arrive for incoming HTTP, the PSP call (undici), PostgreSQL queries and Redis
// commands, and a canary card number sent in a tokenize body, a proxy call and a query string appears in
// no exported byte. Ids that open something (a token, a CVC session id, a checkout session id) in a path
// appear in no exported byte either: span names and URL attributes carry the route template instead. pg and Redis spans need DATABASE_URL and REDIS_URL (embedded runs have neither).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver';
import { ownDatabase, type OwnDatabase } from '../helpers/own-database';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

const CANARY_PAN = '4000056655665556';
const onPostgresAndRedis = Boolean(inject('databaseUrl') && process.env.REDIS_URL);

let receiver: OtlpReceiver;
let psp: TestPsp;
let database: OwnDatabase;
let server: ServerProcess;
let dir: string;
let apiKey: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  psp = await startTestPsp();
  database = await ownDatabase();
  dir = mkdtempSync(join(tmpdir(), 'vault-tracing-'));
  writeFileSync(join(dir, 'ca.pem'), psp.ca);
  server = await spawnServer({
    ...database.env,
    VAULT_DATA_DIR: database.env.VAULT_DATA_DIR ?? join(dir, 'data'),
    ...(onPostgresAndRedis ? { REDIS_URL: process.env.REDIS_URL } : {}),
    NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
    PROXY_ALLOWED_PRIVATE_HOSTS: 'localhost',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SERVICE_NAME: 'vault-tracing-test',
    // The SDK's own setting: export batches every 100 ms instead of 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '100',
  }, 60_000);
  // A fresh database bootstraps on first start and prints a test API key once.
  apiKey = /API key: {3}(vk_test_[0-9A-Za-z]+)/.exec(server.output())![1]!;
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([receiver?.close(), psp?.close()]);
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify(body) });

/** Waits until the receiver holds a span matching `predicate` (exports are batched). */
async function spanMatching(predicate: (span: ReceivedSpan) => boolean): Promise<ReceivedSpan> {
  let found: ReceivedSpan | undefined;
  await expect.poll(() => (found = receiver.spans().find(predicate)), { timeout: 10_000, interval: 100 }).toBeDefined();
  return found!;
}

describe('tracing to OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let token: string;
  let cvcSessionId: string;
  /** Shaped like a real checkout session id (cs_ + 24 base62); unknown to the vault, which changes nothing here. */
  const checkoutSessionId = 'cs_Zq7Kx2Lm9Np4Rs8Tv1Wy5Ab3';

  beforeAll(async () => {
    const tokenized = await post('/tokenize', { type: 'card', data: { cardNumber: CANARY_PAN, expirationMonth: '12', expirationYear: '2030', cvv: '123' } });
    expect(tokenized.status).toBe(201);
    const created = (await tokenized.json()) as { token: string; cvc_session_id: string };
    token = created.token;
    cvcSessionId = created.cvc_session_id;
    const proxied = await post('/proxy/transaction', {
      token,
      cvc_session_id: created.cvc_session_id,
      proxy_url: psp.url(`/charges?reference=${CANARY_PAN}`),
      request_data: { number: '${cardNumber}', cvc: '${cvc}' },
    });
    expect(proxied.status).toBe(200);
    expect(psp.received.at(-1)!.body.toString()).toBe(`{"number":"${CANARY_PAN}","cvc":"123"}`);
    // A card number in a query string (a client's mistake) must not travel into a span either.
    const listed = await fetch(`${server.url}/api/tokens/${token}?pan=${CANARY_PAN}`, { headers: { 'x-api-key': apiKey } });
    expect(listed.status).toBeLessThan(500);
    // Ids in paths: a CVC session deleted, a checkout page and its Pay endpoint asked for.
    const deleted = await fetch(`${server.url}/proxy/delete-cvc-session/${cvcSessionId}`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
    expect(deleted.status).toBeLessThan(500);
    expect((await fetch(`${server.url}/checkout/${checkoutSessionId}`)).status).toBeLessThan(500);
    const paid = await fetch(`${server.url}/checkout/${checkoutSessionId}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(paid.status).toBeLessThan(500);
  });

  /** The incoming-request span for a path template (old or stable HTTP conventions). */
  const serverSpanFor = (template: string) =>
    spanMatching((candidate) => candidate.scope.includes('instrumentation-http') && (candidate.attributes['http.target'] ?? candidate.attributes['url.path']) === template);

  it('a token, a CVC session id and a checkout session id in a path are replaced by the route template', async () => {
    await serverSpanFor('/api/tokens/{token}');
    await serverSpanFor('/proxy/delete-cvc-session/{session_id}');
    await serverSpanFor('/checkout/{sessionId}/pay');
    // A page path (Next's, not in the API's route list) loses the id too.
    await serverSpanFor('/checkout/{sessionId}');
    const raw = receiver.raw();
    expect(raw.includes(token), 'the token was exported').toBe(false);
    expect(raw.includes(cvcSessionId), 'the CVC session id was exported').toBe(false);
    expect(raw.includes(checkoutSessionId), 'the checkout session id was exported').toBe(false);
    for (const span of receiver.spans()) {
      expect(JSON.stringify([span.name, span.attributes])).not.toMatch(/tok_[0-9A-Za-z]|cs_[0-9A-Za-z]/);
    }
  });

  it('an incoming request is a server span, without its query string', async () => {
    const span = await spanMatching((candidate) => candidate.scope.includes('instrumentation-http') && String(candidate.attributes['http.target'] ?? candidate.attributes['url.path'] ?? '').startsWith('/tokenize'));
    expect(span.kind).toBe(2); // SERVER
    const withQuery = await spanMatching((candidate) => String(candidate.attributes['http.target'] ?? candidate.attributes['url.path'] ?? '').startsWith(`/api/tokens/`));
    expect(JSON.stringify(withQuery.attributes)).not.toContain('?');
  });

  it('the PSP call is a client span (undici), without its query string', async () => {
    const span = await spanMatching((candidate) => candidate.scope.includes('instrumentation-undici'));
    expect(span.kind).toBe(3); // CLIENT
    expect(span.attributes['url.full']).toBe(psp.url('/charges'));
  });

  // The instrumentations write the stable database conventions (db.query.text, db.system.name).
  it.runIf(onPostgresAndRedis)('PostgreSQL queries are spans with the statement text only, no values', async () => {
    const span = await spanMatching((candidate) => candidate.scope.includes('instrumentation-pg') && String(candidate.attributes['db.query.text']).includes('INSERT INTO tokens'));
    expect(span.attributes['db.system.name']).toBe('postgresql');
    expect(span.attributes['db.query.text']).toMatch(/\$1/);
    expect(Object.keys(span.attributes).filter((key) => /values|parameter/.test(key))).toEqual([]);
  });

  it.runIf(onPostgresAndRedis)('Redis commands are spans naming the command only', async () => {
    const span = await spanMatching((candidate) => candidate.scope.includes('instrumentation-ioredis') && candidate.name === 'set');
    expect(span.attributes['db.system.name'] ?? span.attributes['db.system']).toBe('redis');
    expect(span.attributes['db.query.text'] ?? span.attributes['db.statement']).toBe('set');
  });

  it('the canary card number is in no exported byte', async () => {
    await spanMatching((candidate) => candidate.scope.includes('instrumentation-undici'));
    const raw = receiver.raw();
    // Checked without a diff of megabytes of JSON on failure.
    expect(raw.includes(CANARY_PAN), 'the canary PAN was exported').toBe(false);
    expect(raw.includes(apiKey), 'the API key was exported').toBe(false);
  });
});
