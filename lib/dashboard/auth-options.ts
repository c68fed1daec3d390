// The dashboard's sign-in through next-auth (credentials, then the MFA step), on the very same sessions as
// the API: next-auth's session cookie IS the `vault_session` cookie, and its "JWT" is our session JWT.
// `jwt.encode` hands next-auth the token our sign-in issued and `jwt.decode` checks it exactly like every
// API guard does (signature, claims, revocation, idle timeout), so a browser session and an API bearer token
// are one thing: logging out on either side ends both.
import type { AuthOptions, User } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import { z } from 'zod';
import { recordAudit } from '../audit/record-audit';
import { ZLoginRequestSchema, ZMfaVerifyRequestSchema } from '../auth/schemas';
import { authenticateSession, revokeSession, SESSION_TTL_SECONDS } from '../auth/sessions';
import { signInWithPassword, signInWithSecondFactor, type SignInOrigin } from '../auth/sign-in';
import { publishNextAuthUrl } from '../config';
import { clientIpFromHeader } from '../core/client-ip';
import { VaultError } from '../core/errors';
import { requestIdFromHeader } from '../http/request-id';
import { SESSION_COOKIE, sessionCookieSecure } from '../http/session-cookie';
import type { Runtime } from '../runtime/types';
import { encodeSignInStep, type SignInStep } from './sign-in-outcome';

const PASSWORD_PROVIDER = 'credentials';
const SECOND_FACTOR_PROVIDER = 'mfa';

/** What `authorize` hands to the `jwt` callback: the user and the session JWT our sign-in issued. */
type SignedInUser = User & { vaultToken: string };

/** The dashboard's view of the signed-in user (never the token: the cookie is HttpOnly for a reason). */
export type DashboardUser = { id: string; email: string; name: string | null; role: string; accountId: string };

const ZSecondFactorSchema = ZMfaVerifyRequestSchema.extend({ factor: z.enum(['totp', 'backup']).default('totp') });

type HeaderBag = Record<string, string | string[] | undefined> | undefined;

function headerValue(headers: HeaderBag, name: string): string | null {
  const value = headers?.[name];
  return typeof value === 'string' ? value : null;
}

/** The custom server overwrites X-Forwarded-For with the resolved client address (TRUST_PROXY), as for the API. */
function originOf(headers: HeaderBag): SignInOrigin {
  return {
    ip: clientIpFromHeader(headerValue(headers, 'x-forwarded-for')),
    userAgent: headerValue(headers, 'user-agent'),
    requestId: requestIdFromHeader(headerValue(headers, 'x-request-id')),
  };
}

/** A refused attempt becomes the error string `signIn()` reports; unexpected failures are logged by id only. */
function refusal(runtime: Runtime, error: unknown, requestId: string, wrongCode: SignInStep['kind']): Error {
  let step: SignInStep = { kind: 'unavailable' };
  if (error instanceof VaultError) {
    if (error.code === 'rate_limited') step = { kind: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds ?? null };
    else if (error.code === 'invalid_credentials' || error.code === 'unauthorized') step = { kind: wrongCode } as SignInStep;
  } else {
    runtime.logger.error({ err: error, requestId }, 'dashboard sign-in failed');
  }
  return new Error(encodeSignInStep(step));
}

function signedIn(session: { token: string; user: { id: string; email: string; name: string | null } }): SignedInUser {
  return { id: session.user.id, email: session.user.email, name: session.user.name, vaultToken: session.token };
}

export function dashboardAuthOptions(runtime: Runtime): AuthOptions {
  publishNextAuthUrl(runtime.config);
  return {
    secret: runtime.keyring.serviceKey('next-auth').toString('base64url'),
    session: { strategy: 'jwt', maxAge: SESSION_TTL_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    cookies: {
      sessionToken: {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure: sessionCookieSecure(runtime.config.APP_URL) },
      },
    },
    providers: [
      CredentialsProvider({
        id: PASSWORD_PROVIDER,
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, request) {
          const origin = originOf(request.headers);
          const input = ZLoginRequestSchema.safeParse(credentials ?? {});
          if (!input.success) throw new Error(encodeSignInStep({ kind: 'invalid_credentials' }));
          let result;
          try {
            result = await signInWithPassword(runtime, input.data, origin);
          } catch (error) {
            throw refusal(runtime, error, origin.requestId, 'invalid_credentials');
          }
          if (result.kind === 'mfa_required') throw new Error(encodeSignInStep({ kind: 'mfa_required', mfaToken: result.mfaToken }));
          if (result.kind === 'password_expired') throw new Error(encodeSignInStep({ kind: 'password_expired', resetToken: result.resetToken }));
          return signedIn(result);
        },
      }),
      CredentialsProvider({
        id: SECOND_FACTOR_PROVIDER,
        name: 'Two-step verification',
        credentials: { mfa_token: { type: 'hidden' }, code: { label: 'Code', type: 'text' }, factor: { type: 'hidden' } },
        async authorize(credentials, request) {
          const origin = originOf(request.headers);
          const input = ZSecondFactorSchema.safeParse(credentials ?? {});
          if (!input.success) throw new Error(encodeSignInStep({ kind: 'invalid_code' }));
          try {
            const { mfa_token: mfaToken, code, factor } = input.data;
            return signedIn(await signInWithSecondFactor(runtime, { mfaToken, code, factor }, origin));
          } catch (error) {
            throw refusal(runtime, error, origin.requestId, 'invalid_code');
          }
        },
      }),
    ],
    jwt: {
      // The cookie carries our session JWT as it is: no second, next-auth-encrypted token to keep in sync.
      async encode({ token }) {
        const vaultToken = token?.vaultToken;
        if (typeof vaultToken !== 'string' || !vaultToken) throw new Error('no vault session to encode');
        return vaultToken;
      },
      async decode({ token }) {
        if (!token) return null;
        try {
          const session = await authenticateSession(runtime, token);
          const { user } = session;
          return {
            sub: user.id,
            email: user.email,
            name: user.name,
            role: user.role,
            accountId: user.accountId,
            sid: session.sessionId,
            exp: Math.floor(session.expiresAt.getTime() / 1000),
            vaultToken: token,
          } satisfies JWT;
        } catch (error) {
          if (error instanceof VaultError) return null;
          throw error;
        }
      },
    },
    callbacks: {
      async jwt({ token, user }) {
        if (user) return { sub: user.id, email: user.email, name: user.name, vaultToken: (user as SignedInUser).vaultToken };
        return token;
      },
      async session({ session, token }) {
        const user: DashboardUser = {
          id: String(token.sub),
          email: String(token.email),
          name: typeof token.name === 'string' ? token.name : null,
          role: String(token.role),
          accountId: String(token.accountId),
        };
        return { expires: session.expires, user } as typeof session;
      },
    },
    events: {
      async signOut({ token }) {
        const sessionId = token?.sid;
        if (typeof sessionId !== 'string') return;
        await revokeSession(runtime, sessionId);
        const accountId = typeof token.accountId === 'string' ? token.accountId : null;
        await recordAudit(runtime, { action: 'auth.logout', outcome: 'success', statusCode: 200, requestId: requestIdFromHeader(null), accountId, userId: String(token.sub), ip: null });
      },
    },
    logger: {
      // next-auth's messages can carry request details: only its code reaches the log.
      error: (code) => runtime.logger.warn({ code }, 'next-auth error'),
      warn: (code) => runtime.logger.warn({ code }, 'next-auth warning'),
      debug: () => undefined,
    },
  };
}
