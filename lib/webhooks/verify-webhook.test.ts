// The receiver's helper (public/webhooks.js), imported the way merchants do: `vault/webhooks` (the package's
// self-reference; one test also proves plain Node resolves it). Signed with our signWebhook and with the
// official `standardwebhooks` package, so both ends are held to the spec, not only to each other.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from 'vault/webhooks';
import { projectRoot } from '../paths';
import { newWebhookSecret, signWebhook } from './signature';

const NOW_SECONDS = 1_700_000_000;
const now = () => NOW_SECONDS * 1000 + 999; // the fraction of a second never counts
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const OTHER = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;
const EVENT = { id: 'evt_1', type: 'token.created', data: { token: 'tok_1' } };
const BODY = JSON.stringify(EVENT);

function signed(options: { body?: string; secrets?: string[]; timestamp?: number; id?: string } = {}) {
  const { body = BODY, secrets = [SECRET], timestamp = NOW_SECONDS, id = 'evt_1' } = options;
  const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook({ id, timestamp, body, secrets }) };
  return { body, headers };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(WebhookVerificationError);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe('WebhookVerificationError');
  return (error as WebhookVerificationError).code;
}

describe('verifyWebhook: authentic requests', () => {
  it('returns the parsed event for one secret', async () => {
    const { body, headers } = signed();
    await expect(verifyWebhook(body, headers, SECRET, { now })).resolves.toEqual(EVENT);
  });

  it('accepts the raw base64 secret without whsec_, as the Standard Webhooks libraries do', async () => {
    const { body, headers } = signed();
    await expect(verifyWebhook(body, headers, SECRET.slice('whsec_'.length), { now })).resolves.toEqual(EVENT);
  });

  it('during a rotation, tries every secret: only the second matches', async () => {
    const { body, headers } = signed({ secrets: [OTHER] });
    await expect(verifyWebhook(body, headers, [SECRET, OTHER], { now })).resolves.toEqual(EVENT);
  });

  it('finds the matching one among several signatures in the header', async () => {
    const { body, headers } = signed({ secrets: [OTHER, SECRET] });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    await expect(verifyWebhook(body, headers, SECRET, { now })).resolves.toEqual(EVENT);
    await expect(verifyWebhook(body, headers, [OTHER], { now })).resolves.toEqual(EVENT);
  });

  it('skips signatures of unknown versions (v1a, v2)', async () => {
    const { body, headers } = signed();
    const entries = `v1a,${Buffer.alloc(64, 1).toString('base64')} v2,${Buffer.alloc(32, 1).toString('base64')} ${headers['webhook-signature']}`;
    await expect(verifyWebhook(body, { ...headers, 'webhook-signature': entries }, SECRET, { now })).resolves.toEqual(EVENT);
  });

  it('types the event when asked', async () => {
    const { body, headers } = signed();
    const event = await verifyWebhook<typeof EVENT>(body, headers, SECRET, { now });
    expect(event.data.token).toBe('tok_1');
  });
});

describe('verifyWebhook: header shapes', () => {
  const { body, headers } = signed();
  const node: IncomingHttpHeaders = { 'Webhook-Id': headers['webhook-id'], 'WEBHOOK-TIMESTAMP': headers['webhook-timestamp'], 'webhook-Signature': headers['webhook-signature'], host: 'x' };
  const shapes: [string, WebhookHeaders][] = [
    ['a Headers object', new Headers(headers)],
    ['a plain object with mixed-case names (Node req.headers)', node],
    ['array values', { 'webhook-id': [headers['webhook-id']], 'webhook-timestamp': [headers['webhook-timestamp']], 'webhook-signature': ['v1,AAAA', headers['webhook-signature']] }],
    ['a Map', new Map(Object.entries(headers))],
    // Node and fetch join a repeated header with ", ".
    ['a repeated signature header joined with ", "', { ...headers, 'webhook-signature': `${headers['webhook-signature']}, v1,${Buffer.alloc(32).toString('base64')}` }],
  ];
  it.each(shapes)('reads %s', async (_name, shape) => {
    await expect(verifyWebhook(body, shape, SECRET, { now })).resolves.toEqual(EVENT);
  });
});

describe('verifyWebhook: body shapes', () => {
  const { body, headers } = signed({ body: '{"name":"Zoë 💳"}' });
  const inLargerBuffer = Buffer.concat([Buffer.from('xx'), Buffer.from(body), Buffer.from('yy')]).subarray(2, -2);
  it.each([
    ['a string', body],
    ['a Buffer', Buffer.from(body)],
    ['a Buffer that is a view into a larger one', inLargerBuffer],
    ['a Uint8Array', new TextEncoder().encode(body)],
    ['an ArrayBuffer', new TextEncoder().encode(body).buffer],
  ])('verifies %s', async (_name, raw) => {
    await expect(verifyWebhook(raw, headers, SECRET, { now })).resolves.toEqual({ name: 'Zoë 💳' });
  });

  it('refuses a body that was already parsed, with a TypeError that says so', async () => {
    await expect(verifyWebhook(EVENT as never, headers, SECRET, { now })).rejects.toThrow(/raw request body/);
  });
});

describe('verifyWebhook: forged or changed requests', () => {
  const { body, headers } = signed({ body: '{"a": 1,\n  "b": [1, 2]}' });
  it.each([
    ['re-serialised JSON (other white space)', JSON.stringify(JSON.parse(body)), headers, SECRET],
    ['a tampered body', body.replace('1', '2'), headers, SECRET],
    ['a wrong secret', body, headers, OTHER],
    ['another webhook-id', body, { ...headers, 'webhook-id': 'evt_2' }, SECRET],
    ['another timestamp', body, { ...headers, 'webhook-timestamp': String(NOW_SECONDS - 1) }, SECRET],
  ])('%s: invalid_signature', async (_name, raw, shape, secret) => {
    expect(await codeOf(verifyWebhook(raw, shape, secret, { now }))).toBe('invalid_signature');
  });
});

describe('verifyWebhook: timestamps (±300 s)', () => {
  it.each([
    [-299, null],
    [-300, null],
    [299, null],
    [300, null],
    [-301, 'timestamp_too_old'],
    [301, 'timestamp_too_new'],
  ])('%i s from now: %s', async (offset, code) => {
    const { body, headers } = signed({ timestamp: NOW_SECONDS + offset });
    const result = verifyWebhook(body, headers, SECRET, { now });
    if (code) expect(await codeOf(result)).toBe(code);
    else await expect(result).resolves.toEqual(EVENT);
  });

  it('takes another tolerance', async () => {
    const { body, headers } = signed({ timestamp: NOW_SECONDS - 3600 });
    await expect(verifyWebhook(body, headers, SECRET, { now, toleranceSeconds: 3600 })).resolves.toEqual(EVENT);
    expect(await codeOf(verifyWebhook(body, headers, SECRET, { now, toleranceSeconds: 60 }))).toBe('timestamp_too_old');
  });

  it('uses the real clock by default', async () => {
    const { body, headers } = signed({ timestamp: Math.floor(Date.now() / 1000) });
    await expect(verifyWebhook(body, headers, SECRET)).resolves.toEqual(EVENT);
    const stale = signed(); // NOW_SECONDS, long past
    expect(await codeOf(verifyWebhook(stale.body, stale.headers, SECRET))).toBe('timestamp_too_old');
  });
});

describe('verifyWebhook: malformed requests', () => {
  const { body, headers } = signed();
  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const)('without %s: missing_headers', async (name) => {
    const { [name]: _dropped, ...rest } = headers;
    expect(await codeOf(verifyWebhook(body, rest, SECRET, { now }))).toBe('missing_headers');
    expect(await codeOf(verifyWebhook(body, { ...headers, [name]: ' ' }, SECRET, { now }))).toBe('missing_headers');
  });

  it.each(['hello', '1700000000.5', '-1700000000', '1.7e9', '0x6553f100', '17000000000000000'])('webhook-timestamp %s: malformed_header', async (value) => {
    expect(await codeOf(verifyWebhook(body, { ...headers, 'webhook-timestamp': value }, SECRET, { now }))).toBe('malformed_header');
  });

  const sig32 = Buffer.alloc(32, 3).toString('base64');
  it.each([
    ['no version', sig32],
    ['an empty v1 entry', 'v1,'],
    ['v1 that is not base64', 'v1,not*base64'],
    ['v1 of the wrong length', `v1,${Buffer.alloc(16).toString('base64')}`],
    ['only unknown versions', `v1a,${sig32} v2,${sig32}`],
    ['more than 10 v1 entries', Array.from({ length: 11 }, () => `v1,${sig32}`).join(' ')],
  ])('webhook-signature with %s: malformed_header', async (_name, value) => {
    expect(await codeOf(verifyWebhook(body, { ...headers, 'webhook-signature': value }, SECRET, { now }))).toBe('malformed_header');
  });

  it('a well-signed body that is not JSON (or not UTF-8): invalid_json', async () => {
    const text = signed({ body: 'not json' });
    expect(await codeOf(verifyWebhook(text.body, text.headers, SECRET, { now }))).toBe('invalid_json');
    // Signed over the bytes themselves (signWebhook takes text): a JSON string holding an invalid UTF-8
    // byte, which a lenient decoder would turn into "\uFFFD" and parse.
    const bytes = Buffer.from([0x22, 0xff, 0x22]);
    const mac = createHmac('sha256', Buffer.alloc(32, 7)).update(`evt_1.${NOW_SECONDS}.`).update(bytes).digest('base64');
    expect(await codeOf(verifyWebhook(bytes, { ...headers, 'webhook-signature': `v1,${mac}` }, SECRET, { now }))).toBe('invalid_json');
  });
});

describe('verifyWebhook: secrets (your configuration)', () => {
  const { body, headers } = signed();
  it.each([
    ['no secret', []],
    ['an empty secret', 'whsec_'],
    ['not base64', 'whsec_not*base64'],
    ['fewer than 24 bytes', `whsec_${Buffer.alloc(16, 1).toString('base64')}`],
    ['not a string', [SECRET, 42]],
  ])('%s: invalid_secret, before the request is looked at', async (_name, secrets) => {
    expect(await codeOf(verifyWebhook(body, {}, secrets as string[], { now }))).toBe('invalid_secret');
    expect(await codeOf(verifyWebhook(body, headers, secrets as string[], { now }))).toBe('invalid_secret');
  });
});

describe('verifyWebhook and the official standardwebhooks package', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ type: 'payment.succeeded', data: { amount: '10.50' } });

  it('accepts what the official library signs', async () => {
    const id = 'evt_official';
    const date = new Date();
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(date.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, date, body) };
    await expect(verifyWebhook(body, headers, secret)).resolves.toEqual(JSON.parse(body));
    expect(await codeOf(verifyWebhook(body, headers, newWebhookSecret()))).toBe('invalid_signature');
  });

  it('and the official library accepts what this verifier accepts', async () => {
    const { headers } = signed({ body, secrets: [newWebhookSecret(), secret], timestamp: Math.floor(Date.now() / 1000) });
    await expect(verifyWebhook(body, headers, secret)).resolves.toBeDefined();
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("verifies the official library's own test vector", async () => {
    const headers = { 'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'webhook-timestamp': '1614265330', 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' };
    const at = () => 1614265330 * 1000;
    await expect(verifyWebhook('{"test": 2432232314}', headers, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', { now: at })).resolves.toEqual({ test: 2432232314 });
  });
});

describe('the vault/webhooks specifier', () => {
  it('resolves in plain Node from the project (package.json "exports" self-reference)', () => {
    const script = `import { verifyWebhook, WebhookVerificationError } from 'vault/webhooks';
      console.log(typeof verifyWebhook, typeof WebhookVerificationError);`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: projectRoot, encoding: 'utf8' });
    expect(output.trim()).toBe('function function');
  });
});
