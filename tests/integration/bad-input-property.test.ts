// Generated bad input against every public and API-key endpoint (issue 10): at least 1,000 generated
// requests per endpoint, on one test vault, with fast-check. Bodies are valid requests with one field
// replaced, objects of the endpoint's own field names (read from its OpenAPI operation) with generated
// values, and arbitrary JSON, sent as JSON, as malformed JSON or form-encoded; strings include U+0000,
// lone surrogates, the canary card number and CVV, placeholders and very long text; path parameters and
// GET queries are generated the same way. Every answer: no 5xx; every 4xx the error envelope with the
// request id of its header; the canary card number never in an answer or a log, the canary CVV never in
// an error. A failure prints fast-check's seed and the shrunk requests (FC_SEED=<seed> replays a run).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lib/api/routes';
import { unauthenticated } from '../../lib/http/define-route';
import { makeMerchant, openSession, sessionBody, type TestMerchant } from '../helpers/checkout';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { startTestVault, type TestVault } from '../helpers/test-vault';

/** Luhn-valid, not a published test card: /test-tokens refuses it, /tokenize keeps it. Never to be seen again. */
const CANARY_PAN = '4539578763621486';
const CANARY_PAN_SPACED = '4539 5787 6362 1486';
const CANARY_CVV = '8264';
const REQUESTS_PER_RUN = 10;
const RUNS = 100; // × REQUESTS_PER_RUN = 1,000 generated requests per endpoint
const BASE_SEED = Number(process.env.FC_SEED ?? 20_261_110);

type Endpoint = { method: string; path: string; kind: string };
type Generated = { path: string; query: Record<string, string>; body?: { contentType: string; text: string }; clientIp: string };
type Exchange = { request: Generated; status: number; text: string; json: any; requestIdHeader: string | null };

let vault: TestVault;
let psp: TestPsp;
let merchant: TestMerchant;
let checkoutSessionId: string;
/** A token of an ordinary card (detokenize may show it); the canary's token only for the proxy. */
let plainToken: string;
let canaryToken: { token: string; cvcSessionId: string };
let documentPaths: Record<string, Record<string, unknown>>;
let components: Record<string, unknown> = {};

const endpoints: Endpoint[] = routes
  .map((route) => route.definition)
  .filter((definition) => definition.auth !== unauthenticated && ['public', 'apiKey', 'hybrid', 'merchantKeys'].includes(definition.auth.kind))
  .map((definition) => ({ method: definition.method, path: definition.path, kind: definition.auth.kind }));

beforeAll(async () => {
  psp = await startTestPsp();
  // Each generated request comes from its own client address (X-Forwarded-For behind one trusted hop), so
  // per-IP limits do not stop the run at the tenth request of a door.
  // The checkout session is paid by every generated request: its per-session limit is raised too.
  vault = await startTestVault({ pspCa: psp.ca, env: { VAULT_REGISTRATION: 'open', TRUST_PROXY: '1', LOG_LEVEL: 'info', CHECKOUT_PAY_LIMIT_PER_MINUTE: '100000' } });
  merchant = await makeMerchant(vault);
  checkoutSessionId = await openSession(vault, merchant);
  plainToken = (await vault.call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030' } } })).json.token;
  const canary = await vault.call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber: CANARY_PAN, expirationMonth: '12', expirationYear: '2030', cvv: CANARY_CVV } } });
  canaryToken = { token: canary.json.token, cvcSessionId: canary.json.cvc_session_id };
  const document = (await vault.call('GET', '/openapi.json', { key: null })).json;
  documentPaths = document.paths;
  components = document.components?.schemas ?? {};
}, 60_000);

afterAll(async () => {
  await vault?.close();
  await psp?.close();
});

// ——— values ———

const specialStrings = [
  '\u0000', 'a\u0000b', `${CANARY_PAN}\u0000`, CANARY_PAN, CANARY_PAN_SPACED, CANARY_CVV, '', ' ', '\t\n', '${cardNumber}', '${cvv}',
  '${amount}', '__proto__', 'constructor', 'null', 'true', '1e309', '-0', 'NaN', '\ud800', '\udfff', '😀', '\u202e', 'x'.repeat(5_000),
  '12', '2030', '30', 'card', 'bank', 'GET', 'POST', 'test', 'production', 'sandbox', 'http', 'EUR', '10.50', '0', '-1',
  'tok_AAAAAAAAAAAAAAAAAAAAAAAA', '00000000-0000-4000-8000-000000000000', 'cs_AAAAAAAAAAAAAAAAAAAAAAAA',
  'https://localhost/x', 'http://127.0.0.1:1/', 'https://169.254.169.254/', 'owner@example.com', 'a@b', '<script>', "' OR 1=1 --",
];
const str = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...specialStrings) },
  // Control characters inside otherwise plausible text (an email with a NUL in it).
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('owner@example.com', 'tok_AAAAAAAAAAAAAAAAAAAAAAAA', 'Jane', CANARY_PAN, ''), fc.nat(), fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f')).map(([text, at, control]) => text.slice(0, at % (text.length + 1)) + control + text.slice(at % (text.length + 1))) },
);
const scalar = fc.oneof(
  { weight: 4, arbitrary: str },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(Number(CANARY_PAN), Number(CANARY_CVV), 1e308, -1, 0, 2 ** 63) },
);

function valueArbitrary(keys: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      { weight: 6, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(keys, tie('value'), { maxKeys: 4 }) },
    ),
  })).value;
}

// ——— what each endpoint is sent ———

/** Property and query names of the endpoint's documented request, for objects that look like its own. */
function fieldNames(endpoint: Endpoint): string[] {
  const operation = (documentPaths[endpoint.path]?.[endpoint.method.toLowerCase()] ?? {}) as any;
  const names = new Set<string>();
  const walk = (schema: any, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 6) return;
    for (const [name, child] of Object.entries<any>(schema.properties ?? {})) {
      names.add(name);
      walk(child, depth + 1);
    }
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part, depth + 1);
    if (schema.items) walk(schema.items, depth + 1);
    if (schema.$ref) walk(resolveRef(schema.$ref), depth + 1);
  };
  for (const content of Object.values<any>(operation.requestBody?.content ?? {})) walk(content.schema, 0);
  for (const parameter of operation.parameters ?? []) if (parameter.in === 'query') names.add(parameter.name);
  return [...names];
}

function resolveRef(ref: string): unknown {
  return components[ref.split('/').at(-1) ?? ''];
}

/** Valid requests to start from (one field is then replaced or removed). */
function seeds(endpoint: Endpoint): Record<string, unknown>[] {
  const card = { cardNumber: CANARY_PAN, expirationMonth: '12', expirationYear: '2030' };
  switch (`${endpoint.method} ${endpoint.path}`) {
    case 'POST /tokenize':
      return [{ type: 'card', data: { ...card, cvv: CANARY_CVV, firstName: 'Jane' } }, { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000' } }];
    case 'POST /test-tokens':
      return [{ ...card, cvc: CANARY_CVV }, { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' }];
    case 'POST /detokenize':
      return [{ token: plainToken }];
    case 'POST /proxy/transaction':
      return [
        { token: canaryToken.token, cvc_session_id: canaryToken.cvcSessionId, proxy_url: psp.url('/charge'), http_method: 'POST', request_data: { number: '${cardNumber}', cvc: '${cvv}' } },
        { token: canaryToken.token, proxy_url: psp.url('/charge'), request_data: { number: '${cardNumber}', exp: '${expirationMonth}/${expirationYear}' } },
      ];
    case 'POST /auth/login':
      return [{ email: 'owner@example.com', password: 'correct horse battery 42' }];
    case 'POST /auth/register':
      return [{ email: 'new@example.com', password: 'correct horse battery 42', name: 'New', account_name: 'Acme', ticket: 'x' }];
    case 'POST /api/sessions/create':
      return [sessionBody(merchant.id)];
    case 'POST /checkout/{sessionId}/pay':
      return [{ ...card, cvc: CANARY_CVV, cardholderName: 'Jane Doe' }];
    default:
      return [{}];
  }
}

function withReplaced(seed: Record<string, unknown>, path: string[], value: unknown, remove: boolean): unknown {
  const copy = structuredClone(seed) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

/** Every path of a seed down to its leaves (`data.cardNumber`), for replacing one of them. */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix.length ? [prefix] : [];
  const entries = Object.entries(value);
  if (entries.length === 0) return prefix.length ? [prefix] : [];
  return entries.flatMap(([key, child]) => [[...prefix, key], ...leafPaths(child, [...prefix, key])]);
}

/** Lone surrogates replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<Generated> {
  const names = fieldNames(endpoint);
  const keys = fc.oneof(
    { weight: 4, arbitrary: names.length ? fc.constantFrom(...names) : fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', CANARY_PAN, 'a\u0000', '') },
  );
  const value = valueArbitrary(keys);
  const seedList = seeds(endpoint);
  const mutated = fc
    .tuple(fc.constantFrom(...seedList), fc.nat(), value, fc.boolean())
    .map(([seed, index, replacement, remove]) => {
      const paths = leafPaths(seed);
      return paths.length ? withReplaced(seed, paths[index % paths.length]!, replacement, remove && index % 5 === 0) : replacement;
    });
  const ownShape = fc.dictionary(keys, value, { maxKeys: 6 });
  const json = fc.oneof({ weight: 5, arbitrary: mutated }, { weight: 3, arbitrary: ownShape }, { weight: 1, arbitrary: value });
  const body = fc.oneof(
    { weight: 8, arbitrary: json.map((payload) => ({ contentType: 'application/json', text: JSON.stringify(payload) ?? 'null' })) },
    { weight: 1, arbitrary: str.map((text) => ({ contentType: 'application/json', text })) },
    {
      weight: 1,
      arbitrary: fc.dictionary(keys, str, { maxKeys: 4 }).map((fields) => ({ contentType: 'application/x-www-form-urlencoded', text: new URLSearchParams(fields).toString() })),
    },
  );
  // Path segments: generated text percent-encoded (lone surrogates made well-formed first: a URL cannot carry
  // them), or raw malformed escapes as a client might send them.
  const pathValue = fc.oneof(
    { weight: 4, arbitrary: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom(...specialStrings.filter(Boolean))).map((text) => encodeURIComponent(wellFormed(text))) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%C0%80', '%2F', '..', '%2e%2e', '%00', 'a%00b') },
  );
  const parameter = (name: string) =>
    name === 'sessionId' ? fc.oneof({ weight: 3, arbitrary: fc.constant(checkoutSessionId) }, { weight: 1, arbitrary: pathValue }) : pathValue;
  const parameterNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const path = fc
    .tuple(...parameterNames.map(parameter))
    .map((values) => parameterNames.reduce((result, name, index) => result.replace(`{${name}}`, values[index]!), endpoint.path));
  const query = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? fc.dictionary(keys, str, { maxKeys: 4 }) : fc.constant({});
  return fc.record({
    path: parameterNames.length ? path : fc.constant(endpoint.path),
    query,
    body: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? fc.constant(undefined) : body,
    clientIp: fc.ipV4(),
  });
}

/** The credentials the endpoint's callers send: an API key, the merchant's two keys, the checkout page's origin. */
function credentials(endpoint: Endpoint): Record<string, string> {
  if (endpoint.kind === 'merchantKeys') return { 'x-api-key': vault.tenants.test.keys.full, 'x-service-api-key': merchant.serviceApiKey };
  if (endpoint.path === '/internal/provision') return { 'x-api-key': vault.tenants.test.keys.provisioningOnly };
  if (endpoint.kind === 'apiKey' || endpoint.kind === 'hybrid') return { 'x-api-key': vault.tenants.test.keys.full };
  if (endpoint.path.startsWith('/checkout/')) return { origin: new URL(vault.runtime.config.CHECKOUT_URL).origin, 'sec-fetch-site': 'same-origin' };
  return {};
}

async function send(endpoint: Endpoint, request: Generated): Promise<Exchange> {
  const query = new URLSearchParams(request.query).toString();
  const headers = { ...credentials(endpoint), 'x-forwarded-for': request.clientIp, ...(request.body ? { 'content-type': request.body.contentType } : {}) };
  const response = await vault.call(endpoint.method, `${request.path}${query ? `?${query}` : ''}`, { key: null, headers, body: request.body?.text });
  return { request, status: response.status, text: response.text, json: response.json, requestIdHeader: response.headers.get('x-request-id') };
}

function checkExchange(endpoint: Endpoint, exchange: Exchange): void {
  const where = `${endpoint.method} ${exchange.request.path} ${JSON.stringify(exchange.request.body ?? exchange.request.query).slice(0, 300)} → ${exchange.status} ${exchange.text.slice(0, 300)}`;
  expect(exchange.status, where).toBeLessThan(500);
  if (exchange.status >= 400) {
    expect(exchange.json, where).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) }, request_id: expect.any(String) });
    expect(exchange.json.request_id, where).toBe(exchange.requestIdHeader);
    expect(JSON.stringify(exchange.json.error), where).not.toContain(CANARY_CVV);
  }
  expect(exchange.text, where).not.toContain(CANARY_PAN);
  expect(exchange.text, where).not.toContain(CANARY_PAN_SPACED);
}

describe('generated bad input: no 5xx, the error envelope, no echo of card data', () => {
  it('covers every public and API-key endpoint', () => {
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual(
      expect.arrayContaining(['POST /tokenize', 'POST /detokenize', 'POST /proxy/transaction', 'POST /test-tokens', 'POST /auth/login', 'POST /auth/forgot-password', 'POST /checkout/{sessionId}/pay', 'POST /api/sessions/create']),
    );
  });

  it.each(endpoints.map((endpoint, index) => [`${endpoint.method} ${endpoint.path}`, endpoint, index] as const))(
    '%s: 1,000 generated requests',
    async (_name, endpoint, index) => {
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(requestArbitrary(endpoint), { minLength: REQUESTS_PER_RUN, maxLength: REQUESTS_PER_RUN }), async (requests) => {
          const exchanges = await Promise.all(requests.map((request) => send(endpoint, request)));
          sent += exchanges.length;
          for (const exchange of exchanges) checkExchange(endpoint, exchange);
        }),
        { numRuns: RUNS, seed: BASE_SEED + index },
      );
      expect(sent).toBeGreaterThanOrEqual(RUNS * REQUESTS_PER_RUN);
    },
    180_000,
  );

  it('the canary card number never reached a log line', () => {
    const logs = vault.logs.join('\n');
    expect(logs).not.toContain(CANARY_PAN);
    expect(logs).not.toContain(CANARY_PAN_SPACED);
  });
});
