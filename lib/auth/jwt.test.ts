import { randomBytes } from 'node:crypto';
import { CompactSign, SignJWT, base64url, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { Keyring } from '../crypto/keyring';
import { InvalidTokenError, signSessionToken, verifySessionToken, type InvalidTokenReason, type SessionTokenKind } from './jwt';

const keyring = new Keyring(randomBytes(32));
keyring.useServiceRoot(randomBytes(32));
const key = keyring.serviceKey('jwt');
const issuer = 'http://localhost:3000';
const audience = 'vault-dashboard';
const now = new Date('2026-01-15T10:00:00.000Z');
const nowSeconds = Math.floor(now.getTime() / 1000);
const ids = { userId: 'usr_1', accountId: 'acc_1', sessionId: 'ses_1' };

function sign(overrides: Partial<Parameters<typeof signSessionToken>[0]> = {}) {
  return signSessionToken({ key, ...ids, issuer, audience, ttlSeconds: 900, kind: 'session', now, ...overrides });
}

function verify(token: string, overrides: Partial<Parameters<typeof verifySessionToken>[0]> = {}) {
  return verifySessionToken({ key, token, issuer, audience, kind: 'session', now, ...overrides });
}

/** Asserts the refusal, its log reason, and that the client-facing message says nothing more. */
async function expectRefused(promise: Promise<unknown>, reason: InvalidTokenReason) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  expect((error as InvalidTokenError).message).toBe('Invalid or expired token');
  expect((error as InvalidTokenError).reason).toBe(reason);
}

/** A token with our standard claims but a payload (and, when given, a header, a key, no `exp`) of the test's choosing. */
function signRaw(
  payload: Record<string, unknown>,
  options: { header?: { alg: string; typ: string }; signingKey?: Parameters<SignJWT['sign']>[0]; expires?: boolean } = {},
) {
  const builder = new SignJWT(payload)
    .setProtectedHeader(options.header ?? { alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(nowSeconds)
    .setJti('jti_1');
  if (options.expires !== false) builder.setExpirationTime(nowSeconds + 900);
  return builder.sign(options.signingKey ?? key);
}

/** The claims of a live session, for tokens that differ from ours only in their header or `exp`. */
const sessionClaims = { sub: 'usr_1', sid: 'ses_1', acc: 'acc_1', knd: 'session' };

const b64 = (value: unknown) => base64url.encode(JSON.stringify(value));

describe('signSessionToken / verifySessionToken', () => {
  it('round-trips the claims', async () => {
    const { token, expiresAt } = await sign();
    expect(expiresAt).toEqual(new Date(now.getTime() + 900_000));
    expect(await verify(token)).toEqual({ ...ids, kind: 'session', expiresAt });
  });

  it('round-trips every kind when the expected kind matches', async () => {
    for (const kind of ['session', 'mfa_pending', 'registration'] as const) {
      const { token } = await sign({ kind });
      expect((await verify(token, { kind })).kind).toBe(kind);
    }
  });

  it('writes HS256, typ JWT and the documented claim names, with a random jti', async () => {
    const first = (await sign()).token;
    const second = (await sign()).token;
    expect(decodeProtectedHeader(first)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(first);
    expect(claims).toMatchObject({ sub: 'usr_1', sid: 'ses_1', acc: 'acc_1', knd: 'session', iss: issuer, aud: audience });
    expect(claims.iat).toBe(nowSeconds);
    expect(claims.exp).toBe(nowSeconds + 900);
    expect(claims.jti).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(decodeJwt(second).jti).not.toBe(claims.jti);
  });

  it('rounds expiresAt to the whole second that `exp` carries', async () => {
    const { expiresAt } = await sign({ now: new Date(now.getTime() + 999) });
    expect(expiresAt).toEqual(new Date(now.getTime() + 900_000));
  });

  it('uses the current time when `now` is omitted', async () => {
    const { token } = await signSessionToken({ key, ...ids, issuer, audience, ttlSeconds: 60, kind: 'session' });
    expect((await verifySessionToken({ key, token, issuer, audience, kind: 'session' })).userId).toBe('usr_1');
  });
});

describe('verifySessionToken refuses', () => {
  it('a token at or after its expiry, and accepts it one second before', async () => {
    const { token } = await sign({ ttlSeconds: 60 });
    expect((await verify(token, { now: new Date(now.getTime() + 59_000) })).userId).toBe('usr_1');
    await expectRefused(verify(token, { now: new Date(now.getTime() + 60_000) }), 'expired');
    await expectRefused(verify(token, { now: new Date(now.getTime() + 86_400_000) }), 'expired');
  });

  it('another audience or issuer', async () => {
    const { token } = await sign();
    await expectRefused(verify(token, { audience: 'someone-else' }), 'wrong_audience');
    await expectRefused(verify(token, { issuer: 'https://evil.example' }), 'wrong_issuer');
  });

  it('a token signed with another key', async () => {
    const { token } = await sign({ key: randomBytes(32) });
    await expectRefused(verify(token), 'bad_signature');
  });

  it('checks the signature before anything else: a forged, expired, wrong-audience token is a bad signature', async () => {
    const { token } = await sign({ key: randomBytes(32), audience: 'someone-else' });
    await expectRefused(verify(token, { now: new Date(now.getTime() + 86_400_000) }), 'bad_signature');
  });

  it('a tampered payload (another user id, same signature)', async () => {
    const { token } = await sign();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>;
    const forged = `${header}.${b64({ ...claims, sub: 'usr_admin' })}.${signature}`;
    await expectRefused(verify(forged), 'bad_signature');
  });

  it('an unsigned `alg: none` token', async () => {
    const claims = decodeJwt((await sign()).token);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    await expectRefused(verify(unsigned), 'algorithm_not_allowed');
  });

  it('an HS512 token, even one signed with the right key', async () => {
    const token = await signRaw(sessionClaims, { header: { alg: 'HS512', typ: 'JWT' } });
    await expectRefused(verify(token), 'algorithm_not_allowed');
  });

  it('an RS256 token', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await signRaw(sessionClaims, { header: { alg: 'RS256', typ: 'JWT' }, signingKey: privateKey });
    await expectRefused(verify(token), 'algorithm_not_allowed');
  });

  it.each<[SessionTokenKind, SessionTokenKind]>([
    ['mfa_pending', 'session'],
    ['registration', 'session'],
    ['session', 'mfa_pending'],
    ['mfa_pending', 'registration'],
    ['registration', 'mfa_pending'],
  ])('a %s token where a %s token is expected', async (signedAs, expected) => {
    const { token } = await sign({ kind: signedAs });
    await expectRefused(verify(token, { kind: expected }), 'wrong_kind');
  });

  it('a correctly signed token with an unknown kind', async () => {
    const token = await signRaw({ sub: 'usr_1', sid: 'ses_1', acc: 'acc_1', knd: 'admin' });
    await expectRefused(verify(token), 'wrong_kind');
  });

  it.each(['sid', 'acc', 'knd', 'sub'])('a correctly signed token without `%s`', async (claim) => {
    const payload: Record<string, unknown> = { sub: 'usr_1', sid: 'ses_1', acc: 'acc_1', knd: 'session' };
    delete payload[claim];
    const error = await verify(await signRaw(payload)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect(error).toMatchObject({ reason: 'missing_claim', claim, message: 'Invalid or expired token' });
  });

  it.each([
    ['a number', { sid: 42 }],
    ['empty', { sid: '' }],
    ['an object', { acc: { id: 'acc_1' } }],
  ])('a correctly signed token whose id claim is %s', async (_label, override) => {
    const token = await signRaw({ ...sessionClaims, ...override });
    await expectRefused(verify(token), 'invalid_claim');
  });

  it('a correctly signed token without `exp`', async () => {
    const token = await signRaw(sessionClaims, { expires: false });
    await expectRefused(verify(token), 'missing_claim');
  });

  it('a correctly signed token with another `typ`', async () => {
    const token = await signRaw(sessionClaims, { header: { alg: 'HS256', typ: 'at+jwt' } });
    await expectRefused(verify(token), 'invalid_claim');
  });

  it.each(['', 'garbage', 'a.b.c', 'a.b', `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'usr_1' })}`])(
    'malformed input %j',
    async (token) => {
      await expectRefused(verify(token), 'malformed');
    },
  );

  it('a correctly signed JWS whose payload is not a claims set', async () => {
    const token = await new CompactSign(new TextEncoder().encode('not json')).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    await expectRefused(verify(token), 'malformed');
  });
});

describe('misuse is a programming error, not a token error', () => {
  it('refuses keys shorter than 32 bytes', async () => {
    await expect(sign({ key: randomBytes(16) })).rejects.toThrow(TypeError);
    await expect(verify('x', { key: randomBytes(16) })).rejects.toThrow(TypeError);
  });

  it('refuses empty issuer, audience or ids, and a ttl that is not a positive whole number', async () => {
    await expect(sign({ issuer: '' })).rejects.toThrow(TypeError);
    await expect(sign({ sessionId: '' })).rejects.toThrow(TypeError);
    await expect(verify('x', { audience: '' })).rejects.toThrow(TypeError);
    await expect(sign({ ttlSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(sign({ ttlSeconds: 1.5 })).rejects.toThrow(RangeError);
  });
});
