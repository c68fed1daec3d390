// Sessions: a row per login, named by the JWT's `sid`. The token proves who; the row decides whether the
// session is still alive — logout and password changes revoke it, and SESSION_IDLE_TIMEOUT_SECONDS of
// inactivity ends it before the token's own expiry (PCI DSS 8.2.8).
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { InvalidTokenError, signSessionToken, verifySessionToken, type SessionTokenKind } from './jwt';

/** Absolute lifetime of a session token; inactivity ends it much sooner. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
export const JWT_AUDIENCE = 'vault-api';

type SessionRuntime = Pick<Runtime, 'db' | 'keyring' | 'config'>;

export type SessionUser = {
  id: string;
  accountId: string;
  email: string;
  name: string | null;
  role: 'owner' | 'admin' | 'developer' | 'viewer';
  mfaEnabled: boolean;
};

export type AuthenticatedSession = { sessionId: string; user: SessionUser; expiresAt: Date };

const jwtOptions = (runtime: SessionRuntime) => ({
  key: runtime.keyring.serviceKey('jwt'),
  issuer: runtime.config.APP_URL,
  audience: JWT_AUDIENCE,
});

export async function startSession(
  runtime: SessionRuntime,
  options: { user: Pick<SessionUser, 'id' | 'accountId'>; ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  const session = await runtime.db.prisma.session.create({
    data: { userId: options.user.id, expiresAt, ip: options.ip, userAgent: options.userAgent?.slice(0, 256) ?? null },
    select: { id: true },
  });
  const signed = await signSessionToken({
    ...jwtOptions(runtime),
    userId: options.user.id,
    accountId: options.user.accountId,
    sessionId: session.id,
    ttlSeconds: SESSION_TTL_SECONDS,
    kind: 'session',
  });
  return { token: signed.token, expiresAt: signed.expiresAt, sessionId: session.id };
}

/** A short-lived token for one step (a registration ticket…); it opens nothing else. */
async function signStepToken(
  runtime: SessionRuntime,
  options: { user: Pick<SessionUser, 'id' | 'accountId'>; kind: Exclude<SessionTokenKind, 'session'>; ttlSeconds: number; stepId: string },
): Promise<string> {
  const signed = await signSessionToken({ ...jwtOptions(runtime), userId: options.user.id, accountId: options.user.accountId, sessionId: options.stepId, ttlSeconds: options.ttlSeconds, kind: options.kind });
  return signed.token;
}

async function verifyStepToken(runtime: SessionRuntime, token: string, kind: Exclude<SessionTokenKind, 'session'>) {
  try {
    return await verifySessionToken({ ...jwtOptions(runtime), token, kind });
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new VaultError('unauthorized', error.message);
    throw error;
  }
}

/**
 * A pending MFA login: a session row that is not a session yet (its token's kind is `mfa_pending`, which
 * no guard accepts), so that a password change or reset revokes it like any session, and completing it
 * consumes it: one mfa_token, one session.
 */
export async function startMfaStep(runtime: SessionRuntime, options: { user: Pick<SessionUser, 'id' | 'accountId'>; ttlSeconds: number; ip: string | null; userAgent: string | null }): Promise<string> {
  const step = await runtime.db.prisma.session.create({
    data: { userId: options.user.id, kind: 'mfa_pending', expiresAt: new Date(Date.now() + options.ttlSeconds * 1000), ip: options.ip, userAgent: options.userAgent?.slice(0, 256) ?? null },
    select: { id: true },
  });
  return signStepToken(runtime, { user: options.user, kind: 'mfa_pending', ttlSeconds: options.ttlSeconds, stepId: step.id });
}

const stepGone = () => new VaultError('unauthorized', messages.invalidToken);

/** The user of a live (unconsumed, unrevoked, unexpired) pending MFA login, or 401. */
export async function readMfaStep(runtime: SessionRuntime, mfaToken: string): Promise<{ userId: string; accountId: string; stepId: string }> {
  const claims = await verifyStepToken(runtime, mfaToken, 'mfa_pending');
  const live = await runtime.db.prisma.session.count({ where: { id: claims.sessionId, userId: claims.userId, revokedAt: null, expiresAt: { gt: new Date() } } });
  if (live !== 1) throw stepGone();
  return { userId: claims.userId, accountId: claims.accountId, stepId: claims.sessionId };
}

/** Ends a pending MFA login once its second factor is proven; of two concurrent completions one wins. */
export async function consumeMfaStep(runtime: Pick<Runtime, 'db'>, stepId: string): Promise<void> {
  const { count } = await runtime.db.prisma.session.updateMany({ where: { id: stepId, revokedAt: null, expiresAt: { gt: new Date() } }, data: { revokedAt: new Date() } });
  if (count !== 1) throw stepGone();
}

const unauthorized = () => new VaultError('unauthorized', messages.unauthorized);

/** The live session behind a token, or 401. Touches lastSeenAt (at most every few seconds). */
export async function authenticateSession(runtime: SessionRuntime, token: string | null): Promise<AuthenticatedSession> {
  if (!token) throw unauthorized();
  let claims;
  try {
    claims = await verifySessionToken({ ...jwtOptions(runtime), token, kind: 'session' });
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized();
    throw error;
  }
  const session = await runtime.db.prisma.session.findUnique({
    where: { id: claims.sessionId },
    select: {
      id: true,
      userId: true,
      expiresAt: true,
      revokedAt: true,
      lastSeenAt: true,
      kind: true,
      user: { select: { id: true, accountId: true, email: true, name: true, role: true, mfaEnabled: true } },
    },
  });
  const now = Date.now();
  const idleMs = runtime.config.SESSION_IDLE_TIMEOUT_SECONDS * 1000;
  if (!session || session.kind !== 'session' || session.userId !== claims.userId || session.revokedAt || session.expiresAt.getTime() <= now) throw unauthorized();
  if (now - session.lastSeenAt.getTime() >= idleMs) {
    await revokeSession(runtime, session.id);
    throw unauthorized();
  }
  // Written only when it moves meaningfully, so a busy session is not a write per request.
  if (now - session.lastSeenAt.getTime() >= Math.min(5_000, idleMs / 10)) {
    await runtime.db.prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
  }
  return { sessionId: session.id, user: session.user, expiresAt: session.expiresAt };
}

/**
 * The session id a session token names, from its signature and claims only (no database read): for a
 * caller that has already authenticated the token in the same request. Null for anything not a session token.
 */
export async function sessionIdOf(runtime: SessionRuntime, token: string): Promise<string | null> {
  try {
    return (await verifySessionToken({ ...jwtOptions(runtime), token, kind: 'session' })).sessionId;
  } catch (error) {
    if (error instanceof InvalidTokenError) return null;
    throw error;
  }
}

export async function revokeSession(runtime: Pick<Runtime, 'db'>, sessionId: string): Promise<void> {
  await runtime.db.prisma.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Ends every session of a user (password change, reset), optionally keeping the caller's own. */
export async function revokeUserSessions(runtime: Pick<Runtime, 'db'>, userId: string, exceptSessionId?: string): Promise<void> {
  await runtime.db.prisma.session.updateMany({
    where: { userId, revokedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    data: { revokedAt: new Date() },
  });
}
