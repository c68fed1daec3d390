import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { createProcessorConfigSchema, redactProcessorConfig, REDACTED_HEADER_VALUE, ZProcessorConfigSchema, type TProcessorConfig } from './processor-schemas';

const valid = {
  type: 'http',
  url: 'https://api.psp.example/v1/charges',
  body: { amount: '${amountMinor}', currency: '${currency}', card: { number: '${cardNumber}', cvc: '${cvv}' } },
  transaction_id_path: '$.data.id',
} as const;

/** Every issue as `path: message`. */
function issues(input: unknown, schema = ZProcessorConfigSchema): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

function accepts(input: unknown): void {
  expect(issues(input)).toEqual([]);
}

/** Exactly one issue, at `path`, whose message names `field` and matches `pattern`. */
function refuses(input: unknown, path: string, field: string, pattern: RegExp): void {
  const found = issues(input);
  expect(found).toHaveLength(1);
  const [issue] = found;
  expect(issue!.startsWith(`${path}: `), issue).toBe(true);
  const message = issue!.slice(path.length + 2);
  expect(message).toContain(field);
  expect(message).toMatch(pattern);
}

describe('ZProcessorConfigSchema — shapes', () => {
  it('accepts the sandbox and a minimal http template; defaults stay unset (POST, json)', () => {
    accepts({ type: 'sandbox' });
    const parsed = ZProcessorConfigSchema.parse(valid);
    expect(parsed).toEqual(valid);
  });

  it('accepts every option', () => {
    accepts({
      ...valid,
      method: 'PUT',
      headers: { Authorization: 'Bearer sk_test_1', 'Idempotency-Key': 'fixed', 'Content-Type': 'application/json; charset=utf-8' },
      format: 'json',
      success: { path: 'status', equals: 'succeeded' },
      decline_message_path: 'error.message',
    });
    accepts({ ...valid, format: 'form', body: 'amount=${amountMinor}&currency=${currency}&card[number]=%24%7BcardNumber%7D&cvc=${cvc}', method: 'PATCH' });
    accepts({ ...valid, format: 'xml', body: '<pay amount="${amount}"><pan>${cardNumber}</pan><ref>${sessionId}</ref><m>${merchantId}</m></pay>' });
    accepts({ ...valid, success: { path: 'approved', equals: true } });
    accepts({ ...valid, success: { path: 'code', equals: 0 } });
    accepts({ ...valid, body: { a: '${accountNumber}/${routingNumber}', e: '${expirationMonth}/${expirationYear}', n: 1, b: null, l: [true] } });
  });

  it.each([
    [null, '', /processor must be an object/],
    [undefined, '', /processor is required/],
    ['sandbox', '', /processor must be an object/],
    [{}, 'type', /type must be 'sandbox' or 'http'/],
    [{ type: 'stripe' }, 'type', /type must be 'sandbox' or 'http'/],
  ])('%j → %s', (input, path, pattern) => {
    const found = issues(input);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${path}: ${pattern.source}`));
  });

  it('objects are strict: unknown fields are refused, for sandbox and http and success', () => {
    expect(issues({ type: 'sandbox', url: valid.url })).toEqual([': Unrecognized key: "url"']);
    expect(issues({ ...valid, timeout: 5 })).toEqual([': Unrecognized key: "timeout"']);
    expect(issues({ ...valid, success: { path: 'a', equals: 'b', op: 'eq' } })).toEqual(['success: Unrecognized key: "op"']);
  });

  it('each option copes with input that is no object at all (zod-to-openapi probes with null and undefined)', () => {
    for (const option of ZProcessorConfigSchema.options) {
      for (const input of [null, undefined, 'x', 1]) expect(option.safeParse(input).success).toBe(false);
    }
  });

  it('generates an OpenAPI schema', () => {
    const registry = new OpenAPIRegistry();
    registry.registerPath({
      method: 'post',
      path: '/processor',
      request: { body: { content: { 'application/json': { schema: ZProcessorConfigSchema } } } },
      responses: { 204: { description: 'ok' } },
    });
    const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    expect(JSON.stringify(document.paths)).toContain('transaction_id_path');
  });

  it('reports every problem at once', () => {
    const found = issues({ type: 'http', url: 'http://x.example/', method: 'GET', headers: { Host: 'h' }, body: { a: '${nope}' }, transaction_id_path: 'a..b' });
    expect(found.map((issue) => issue.split(':')[0])).toEqual(['url', 'method', 'headers.Host', 'transaction_id_path', 'body.a']);
  });
});

describe('url', () => {
  it.each([
    ['missing', undefined, /url is required/],
    ['not a string', 42, /url must be a string/],
    ['not a URL', 'psp.example/charge', /url must be an absolute https URL/],
    ['http', 'http://psp.example/charge', /url must be an absolute https URL/],
    ['another scheme', 'ftp://psp.example/', /url must be an absolute https URL/],
    ['credentials', 'https://user:pw@psp.example/', /url must be an absolute https URL without user name or password/],
    ['IPv4 literal', 'https://127.0.0.1/', /url .*IP addresses only when allow-listed/],
    ['shorthand IPv4 literal', 'https://2130706433/', /url .*IP addresses only when allow-listed/],
    ['public IPv4 literal', 'https://8.8.8.8/', /url .*IP addresses only when allow-listed/],
    ['IPv6 literal', 'https://[::1]/', /url .*IP addresses only when allow-listed/],
    ['a placeholder', 'https://psp.example/charges/${sessionId}', /url may not contain placeholders/],
    ['an encoded placeholder', 'https://psp.example/charges/%24%7BcardNumber%7D', /url may not contain placeholders/],
    ['too long', `https://psp.example/${'a'.repeat(2048)}`, /url must be at most 2048 characters/],
  ])('%s → 400 naming url', (_name, url, pattern) => {
    refuses({ ...valid, url }, 'url', 'url', pattern);
  });

  it('IP literals pass when the runtime allow-lists them, as for proxy_url', () => {
    const schema = createProcessorConfigSchema(new Set(['127.0.0.1']));
    expect(issues({ ...valid, url: 'https://127.0.0.1:8443/charge' }, schema)).toEqual([]);
    expect(issues({ ...valid, url: 'https://10.0.0.1/charge' }, schema)).toHaveLength(1);
  });

  it('host names pass (they are judged at connect time)', () => {
    accepts({ ...valid, url: 'https://localhost:8443/charge?x=1' });
  });
});

describe('method and format', () => {
  it.each(['GET', 'DELETE', 'post', 'HEAD', 1])('method %j → 400 naming method', (method) => {
    refuses({ ...valid, method }, 'method', 'method', /method must be one of POST, PUT, PATCH/);
  });

  it.each(['JSON', 'text', 'multipart', null])('format %j → 400 naming format', (format) => {
    refuses({ ...valid, format }, 'format', 'format', /format must be one of json, form, xml/);
  });
});

describe('headers', () => {
  it('must be an object of strings', () => {
    refuses({ ...valid, headers: 'Authorization: x' }, 'headers', 'headers', /headers must be an object of strings/);
    refuses({ ...valid, headers: { 'X-A': 1 } }, 'headers.X-A', 'header', /header values must be strings/);
  });

  it.each(['bad name', 'X-A:', 'X(A)', 'é', ''])('name %j → not an HTTP token', (name) => {
    refuses({ ...valid, headers: { [name]: 'x' } }, `headers.${name}`, 'header', /header names must be HTTP tokens/);
  });

  it('no placeholders in names', () => {
    refuses({ ...valid, headers: { '${cardNumber}': 'x' } }, 'headers.${cardNumber}', 'header', /header names may not contain placeholders/);
  });

  it.each(['${cvv}', 'Bearer ${amount}', 'x %24%7BcardNumber%7D', '${unknown}'])('placeholder in a value %j → refused, value not echoed', (value) => {
    refuses({ ...valid, headers: { 'X-Card': value } }, 'headers.X-Card', 'header X-Card', /values may not contain placeholders/);
    expect(issues({ ...valid, headers: { 'X-Card': value } })[0]).not.toContain(value);
  });

  it.each(['Host', 'host', 'Content-Length', 'Connection', 'Transfer-Encoding', 'Keep-Alive', 'TE', 'Upgrade', 'Proxy-Authorization', 'Proxy-Anything', 'Accept-Encoding', 'Expect'])(
    '%s → refused as a connection header',
    (name) => {
      refuses({ ...valid, headers: { [name]: 'x' } }, `headers.${name}`, `header ${name}`, /is the connection's own/);
    },
  );

  it('control characters and non-Latin-1 in values are refused, without echoing the value', () => {
    refuses({ ...valid, headers: { Authorization: 'Bearer secret\r\nX-Evil: 1' } }, 'headers.Authorization', 'header Authorization', /control characters/);
    refuses({ ...valid, headers: { 'X-A': 'naïve ✓' } }, 'headers.X-A', 'header X-A', /beyond Latin-1/);
    expect(issues({ ...valid, headers: { Authorization: 'Bearer secret\n' } }).join()).not.toContain('secret');
  });

  it('the same name twice (any case) is refused', () => {
    refuses({ ...valid, headers: { Authorization: 'a', authorization: 'b' } }, 'headers.authorization', 'header authorization', /given twice/);
  });

  it('size limits', () => {
    refuses({ ...valid, headers: { 'X-A': 'x'.repeat(8193) } }, 'headers.X-A', 'header X-A', /at most 8192 characters/);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`X-H${i}`, 'v']));
    refuses({ ...valid, headers: many }, 'headers', 'headers', /at most 50 entries/);
  });
});

describe('body', () => {
  it('is required', () => {
    const { body: _body, ...withoutBody } = valid;
    refuses(withoutBody, 'body', 'body', /body is required: an object for json, a string for form or xml/);
  });

  it('an object for json (the default), a string for form and xml', () => {
    refuses({ ...valid, body: 'a=1' }, 'body', 'body', /body must be a JSON object when format is json/);
    refuses({ ...valid, format: 'json', body: 'a=1' }, 'body', 'body', /when format is json/);
    refuses({ ...valid, format: 'form', body: { a: 1 } }, 'body', 'body', /body must be a string when format is form/);
    refuses({ ...valid, format: 'xml', body: { a: 1 } }, 'body', 'body', /body must be a string when format is xml/);
    refuses({ ...valid, body: ['${cardNumber}'] }, 'body', 'body', /body is required: an object for json/);
    refuses({ ...valid, body: 5 }, 'body', 'body', /body is required/);
  });

  it.each([
    ['json value', { ...valid, body: { a: { b: ['x', '${amnt}'] } } }, 'body.a.b.1', 'body.a.b[1]', /unknown placeholder \$\{amnt\}; the allowed placeholders are \$\{cardNumber\}.*\$\{merchantId\}/],
    ['json key', { ...valid, body: { '${cardNumber}': 'x' } }, 'body.${cardNumber}', 'body', /placeholders are not substituted in keys/],
    ['form', { ...valid, format: 'form', body: 'a=${cardnumber}' }, 'body', 'body', /unknown placeholder \$\{cardnumber\}/],
    ['form, percent-encoded', { ...valid, format: 'form', body: 'a=%24%7Bpan%7d' }, 'body', 'body', /unknown placeholder \$\{pan\}/],
    ['xml', { ...valid, format: 'xml', body: '<a>${AMOUNT}</a>' }, 'body', 'body', /unknown placeholder \$\{AMOUNT\}/],
    ['unterminated', { ...valid, body: { a: '${amount' } }, 'body.a', 'body.a', /"\$\{" must open a placeholder/],
    ['empty', { ...valid, format: 'xml', body: '<a>${}</a>' }, 'body', 'body', /"\$\{" must open a placeholder/],
    ['with spaces', { ...valid, format: 'form', body: 'a=${ amount }' }, 'body', 'body', /"\$\{" must open a placeholder/],
  ])('unknown placeholder in a %s → 400', (_name, input, path, field, pattern) => {
    refuses(input, path, field, pattern);
  });

  it('a name that could carry a secret is not echoed', () => {
    const [issue] = issues({ ...valid, format: 'xml', body: '<a>${4242424242424242}</a>' });
    expect(issue).toMatch(/unknown placeholder a placeholder/);
    expect(issue).not.toContain('4242424242424242');
  });

  it('size limits', () => {
    refuses({ ...valid, format: 'form', body: 'a'.repeat(64 * 1024 + 1) }, 'body', 'body', /at most 65536 characters/);
    refuses({ ...valid, body: { a: 'a'.repeat(64 * 1024) } }, 'body', 'body', /at most 65536 bytes as JSON/);
  });
});

describe('JSON paths', () => {
  it.each(['transaction_id_path', 'decline_message_path', 'success.path'])('%s must be a JSON path', (field) => {
    const set = (value: unknown) =>
      field === 'success.path' ? { ...valid, success: { path: value, equals: 'ok' } } : { ...valid, [field]: value };
    for (const bad of ['', 'a..b', '$', '$..x', 'a[*]', 'a b', "a['b']"]) {
      refuses(set(bad), field, field, /must be a JSON path such as "id", "data.charge.id", "\$.data.items\[0\].id"/);
    }
    refuses(set('a'.repeat(257)), field, field, /at most 256 characters/);
    refuses(set(7), field, field, /must be a string/);
    accepts(set('$.data.items[0].id'));
    accepts(set('a.b[0].c'));
  });

  it('transaction_id_path is required', () => {
    const { transaction_id_path: _path, ...rest } = valid;
    refuses(rest, 'transaction_id_path', 'transaction_id_path', /transaction_id_path is required/);
  });

  it('success needs path and equals (a string, number or boolean)', () => {
    refuses({ ...valid, success: 'ok' }, 'success', 'success', /success must be an object/);
    refuses({ ...valid, success: { path: 'status' } }, 'success.equals', 'success.equals', /success.equals must be a string, a number or a boolean/);
    refuses({ ...valid, success: { path: 'status', equals: null } }, 'success.equals', 'success.equals', /a string, a number or a boolean/);
    refuses({ ...valid, success: { path: 'status', equals: { a: 1 } } }, 'success.equals', 'success.equals', /a string, a number or a boolean/);
    refuses({ ...valid, success: { equals: 'ok' } }, 'success.path', 'success.path', /success.path is required/);
  });
});

describe('redactProcessorConfig', () => {
  it('replaces every header value, keeps the names and the rest, leaves the input alone', () => {
    const config: TProcessorConfig = ZProcessorConfigSchema.parse({ ...valid, headers: { Authorization: 'Bearer sk_live_secret', 'X-Merchant': 'm1' } });
    const redacted = redactProcessorConfig(config);
    expect(redacted).toEqual({ ...valid, headers: { Authorization: REDACTED_HEADER_VALUE, 'X-Merchant': REDACTED_HEADER_VALUE } });
    expect(REDACTED_HEADER_VALUE).toBe('********');
    expect(JSON.stringify(redacted)).not.toContain('sk_live_secret');
    expect(config.type === 'http' && config.headers?.Authorization).toBe('Bearer sk_live_secret');
  });

  it('configurations without headers are returned as they are', () => {
    expect(redactProcessorConfig({ type: 'sandbox' })).toEqual({ type: 'sandbox' });
    expect(redactProcessorConfig(ZProcessorConfigSchema.parse(valid))).toEqual(valid);
  });
});
