// Session tokens: HS256 JWTs keyed by `keyring.serviceKey('jwt')`, so no secret of their own to configure.
// A token proves who and which session; whether that session is still alive (logout, idle timeout) is the
// caller's server-side check on `sessionId`. `kind` keeps tokens for one step (an MFA-pending login, a
// registration ticket) from ever opening another.
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import { randomBase62 } from '../crypto/random';

export const SESSION_TOKEN_KINDS = ['session', 'mfa_pending', 'registration'] as const;
export type SessionTokenKind = (typeof SESSION_TOKEN_KINDS)[number];

export type SessionClaims = {
  userId: string;
  accountId: string;
  sessionId: string;
  kind: SessionTokenKind;
  expiresAt: Date;
};

/** Why a token was refused: for logs only, never for the client. */
export type InvalidTokenReason =
  | 'malformed'
  | 'algorithm_not_allowed'
  | 'bad_signature'
  | 'expired'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'wrong_kind'
  | 'missing_claim'
  | 'invalid_claim';

/** One message for every failure, so a client cannot tell a forged token from an expired one. */
export class InvalidTokenError extends Error {
  constructor(
    readonly reason: InvalidTokenReason,
    /** The claim or header that failed, when one did (e.g. `aud`, `sid`). */
    readonly claim?: string,
  ) {
    super('Invalid or expired token');
    this.name = 'InvalidTokenError';
  }
}

const ALGORITHM = 'HS256';
/** RFC 7518 3.2: an HS256 key must be at least as long as the hash output. */
const MIN_KEY_BYTES = 32;
const TYPE = 'JWT';
const REQUIRED_CLAIMS = ['sub', 'sid', 'acc', 'knd', 'jti', 'iat', 'exp'];

export async function signSessionToken(options: {
  key: Buffer;
  userId: string;
  accountId: string;
  sessionId: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
  kind: SessionTokenKind;
  now?: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const { key, userId, accountId, sessionId, issuer, audience, ttlSeconds, kind, now = new Date() } = options;
  assertUsableKey(key);
  assertNonEmpty({ userId, accountId, sessionId, issuer, audience });
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds <= 0) throw new RangeError('ttlSeconds must be a positive whole number');
  // JWT times are whole seconds: expiresAt is what `exp` says, not now + ttl to the millisecond.
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAtSeconds = issuedAt + ttlSeconds;
  const token = await new SignJWT({ sid: sessionId, acc: accountId, knd: kind })
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
    .setSubject(userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAtSeconds)
    .setJti(randomBase62(22))
    .sign(key);
  return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
}

/**
 * jose checks the algorithm against the allow-list and the signature before it reads any claim; only then
 * `typ`, `exp`, `iss`, `aud` and the presence of our claims. The kind is checked last, here.
 */
export async function verifySessionToken(options: {
  key: Buffer;
  token: string;
  issuer: string;
  audience: string;
  kind: SessionTokenKind;
  now?: Date;
}): Promise<SessionClaims> {
  const { key, token, issuer, audience, kind, now } = options;
  assertUsableKey(key);
  assertNonEmpty({ issuer, audience });
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      typ: TYPE,
      issuer,
      audience,
      currentDate: now,
      requiredClaims: REQUIRED_CLAIMS,
    }));
  } catch (error) {
    throw toInvalidTokenError(error);
  }
  return readClaims(payload, kind);
}

function readClaims(payload: JWTPayload, expectedKind: SessionTokenKind): SessionClaims {
  const userId = requireString(payload, 'sub');
  const sessionId = requireString(payload, 'sid');
  const accountId = requireString(payload, 'acc');
  const kind = requireString(payload, 'knd');
  if (kind !== expectedKind) throw new InvalidTokenError('wrong_kind', 'knd');
  if (typeof payload.exp !== 'number') throw new InvalidTokenError('invalid_claim', 'exp');
  return { userId, accountId, sessionId, kind: expectedKind, expiresAt: new Date(payload.exp * 1000) };
}

function requireString(payload: JWTPayload, claim: string): string {
  const value = payload[claim];
  if (value === undefined) throw new InvalidTokenError('missing_claim', claim);
  if (typeof value !== 'string' || value === '') throw new InvalidTokenError('invalid_claim', claim);
  return value;
}

function toInvalidTokenError(error: unknown): InvalidTokenError {
  if (error instanceof errors.JOSEAlgNotAllowed) return new InvalidTokenError('algorithm_not_allowed', 'alg');
  if (error instanceof errors.JWSSignatureVerificationFailed) return new InvalidTokenError('bad_signature');
  if (error instanceof errors.JWTExpired) return new InvalidTokenError('expired', error.claim);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss' && error.reason !== 'missing') return new InvalidTokenError('wrong_issuer', 'iss');
    if (error.claim === 'aud' && error.reason !== 'missing') return new InvalidTokenError('wrong_audience', 'aud');
    return new InvalidTokenError(error.reason === 'missing' ? 'missing_claim' : 'invalid_claim', error.claim);
  }
  // JWSInvalid, JWTInvalid, JOSENotSupported and jose's TypeErrors for input that is not a compact JWS.
  return new InvalidTokenError('malformed');
}

// Programming errors, not token errors: thrown as themselves so a misconfiguration is loud.
function assertUsableKey(key: Buffer): void {
  if (key.length < MIN_KEY_BYTES) throw new TypeError(`The JWT key must be at least ${MIN_KEY_BYTES} bytes`);
}

function assertNonEmpty(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === '') throw new TypeError(`${name} must not be empty`);
  }
}
