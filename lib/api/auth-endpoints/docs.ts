// Documentation shared by the auth routes' definitions: the sign-in limits and their 429, the session cookie.
import { error } from '../../core/openapi-shapes';

export const retryAfter = { 'Retry-After': { description: 'Seconds until a retry can succeed.', schema: { type: 'integer' as const } } };
export const LIMITS = 'At most 100 attempts per 15 minutes per client IP and per account (email or user); beyond that 429 `rate_limited` with `Retry-After`.';
export const rateLimited = { 429: { ...error(`\`Too many requests\`. ${LIMITS}`), headers: retryAfter } };
export const sessionCookieHeader = {
  'Set-Cookie': { description: '`vault_session=<JWT>; Path=/; HttpOnly; SameSite=Lax; Max-Age=…` (plus `Secure` on https).', schema: { type: 'string' as const } },
};
export const passwordRejected = 'or `password_rejected` when the new password breaks the policy (length, complexity, reuse of recent passwords)';

/** The registration doors: closed by default, and their own limits (lib/auth/registration-gate.ts). */
export const REGISTRATION_LIMITS =
  'At most 30 requests per hour per client IP and 10 per hour per email across the three registration routes (send-verification-code, verify-email-code, register); beyond that 429 `rate_limited` with `Retry-After`.';
export const registrationDoor = {
  403: error('`registration_closed` (`Registration is closed`): `VAULT_REGISTRATION` is `closed`, the default; people join an account by invitation. Checked before the body.'),
  429: { ...error(`\`Too many requests\`. ${REGISTRATION_LIMITS}`), headers: retryAfter },
};
