// The signing side of Standard Webhooks v1, checked three ways: the official library's published test vector,
// an HMAC computed here with node:crypto, and the official `standardwebhooks` package verifying our output.
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isWebhookSecret, newWebhookSecret, signWebhook } from './signature';

// The vector of the standardwebhooks JavaScript library's own test suite ("sign function works").
const OFFICIAL = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const SECRET_A = `whsec_${Buffer.alloc(32, 0xa5).toString('base64')}`;
const SECRET_B = `whsec_${Buffer.alloc(32, 0x5a).toString('base64')}`;

function independentHmac(secret: string, signed: string): string {
  return createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(signed, 'utf8').digest('base64');
}

describe('newWebhookSecret', () => {
  it('is whsec_ + base64 of 32 random bytes, different each time', () => {
    const secrets = Array.from({ length: 50 }, newWebhookSecret);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
      expect(isWebhookSecret(secret)).toBe(true);
    }
    expect(new Set(secrets).size).toBe(50);
  });
});

describe('isWebhookSecret', () => {
  it.each([
    ['the official 24-byte secret', OFFICIAL.secret],
    ['a 64-byte secret', `whsec_${Buffer.alloc(64, 1).toString('base64')}`],
  ])('accepts %s', (_name, value) => expect(isWebhookSecret(value)).toBe(true));

  it.each([
    ['no prefix', SECRET_A.slice(6)],
    ['another prefix', `whsk_${SECRET_A.slice(6)}`],
    ['fewer than 24 bytes', `whsec_${Buffer.alloc(23, 1).toString('base64')}`],
    ['more than 64 bytes', `whsec_${Buffer.alloc(65, 1).toString('base64')}`],
    ['missing padding', SECRET_A.slice(0, -1)],
    ['non-canonical last character', `${SECRET_A.slice(0, -2)}B=`],
    ['base64url', `whsec_${Buffer.alloc(32, 0xff).toString('base64url')}`],
    ['white space', `${SECRET_A} `],
    ['an empty key', 'whsec_'],
    ['not a string', 42],
  ])('rejects %s', (_name, value) => expect(isWebhookSecret(value)).toBe(false));
});

describe('signWebhook', () => {
  it('reproduces the official test vector', () => {
    const { id, timestamp, body, secret } = OFFICIAL;
    expect(signWebhook({ id, timestamp, body, secrets: [secret] })).toBe(OFFICIAL.signature);
  });

  it('is v1,base64(HMAC-SHA256(key, "{id}.{timestamp}.{body}")) with the decoded key, body as UTF-8', () => {
    const body = '{"type":"token.created","data":{"name":"Zoë 💳"}}';
    const header = signWebhook({ id: 'evt_1', timestamp: 1700000000, body, secrets: [SECRET_A] });
    expect(header).toBe(`v1,${independentHmac(SECRET_A, `evt_1.1700000000.${body}`)}`);
    expect(Buffer.from(header.slice(3), 'base64')).toHaveLength(32);
  });

  it('signs once per secret, space-separated, in the given order (rotation overlap)', () => {
    const options = { id: 'evt_2', timestamp: 1700000001, body: '{}' };
    const a = signWebhook({ ...options, secrets: [SECRET_A] });
    const b = signWebhook({ ...options, secrets: [SECRET_B] });
    expect(signWebhook({ ...options, secrets: [SECRET_B, SECRET_A] })).toBe(`${b} ${a}`);
  });

  it('is accepted by the official standardwebhooks verifier, with either secret of a rotation', () => {
    const id = 'evt_3';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'test', data: { n: 1 } });
    const signature = signWebhook({ id, timestamp, body, secrets: [SECRET_A, SECRET_B] });
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(new Webhook(SECRET_A).verify(body, headers)).toEqual({ type: 'test', data: { n: 1 } });
    expect(new Webhook(SECRET_B).verify(body, headers)).toEqual({ type: 'test', data: { n: 1 } });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow('No matching signature found');
  });

  it('matches what the official library signs', () => {
    const date = new Date(1700000002 * 1000);
    const body = '{"a": [1, 2]}';
    expect(signWebhook({ id: 'evt_4', timestamp: 1700000002, body, secrets: [SECRET_A] })).toBe(new Webhook(SECRET_A).sign('evt_4', date, body));
  });

  it.each([
    ['no secret', { secrets: [] }],
    ['a malformed secret', { secrets: ['whsec_nope'] }],
    ['a secret without prefix', { secrets: [SECRET_A.slice(6)] }],
    ['an id with a dot (the separator)', { id: 'evt.1' }],
    ['an empty id', { id: '' }],
    ['a fractional timestamp', { timestamp: 1700000000.5 }],
    ['a timestamp in milliseconds beyond safe integers', { timestamp: 2 ** 53 }],
  ])('refuses %s', (_name, override) => {
    const options = { id: 'evt_5', timestamp: 1700000000, body: '{}', secrets: [SECRET_A], ...override };
    expect(() => signWebhook(options)).toThrow(TypeError);
  });
});
