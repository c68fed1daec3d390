// Auth and account-security paths: login/logout/session, passwords, MFA, registration.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  ZChangePasswordRequestSchema,
  ZForgotPasswordRequestSchema,
  ZLoginRequestSchema,
  ZMfaCodeRequestSchema,
  ZMfaSettingsRequestSchema,
  ZMfaVerifyRequestSchema,
  ZRegisterRequestSchema,
  ZResetExpiredPasswordRequestSchema,
  ZResetPasswordRequestSchema,
  ZSendVerificationCodeRequestSchema,
  ZVerifyEmailCodeRequestSchema,
} from '../auth/schemas';
import { ZLoginResponse, ZPasswordExpiredResponse, ZPublicUser, ZSessionResponse, flatResponse } from './management-responses';
import { ZMessageResponseSchema } from './responses';
import { bodyErrors, error, json, sessionErrors, sessionSecurity } from './shared';

const ok = (description: string, schema: z.ZodType) => ({ description, ...json(schema) });
const message = (text: string) => ok(text, ZMessageResponseSchema);
const retryAfter = { 'Retry-After': { description: 'Seconds until a retry can succeed.', schema: { type: 'integer' as const } } };
const LIMITS = 'At most 100 attempts per 15 minutes per client IP and per account (email or user); beyond that 429 `rate_limited` with `Retry-After`.';
const rateLimited = { 429: { ...error(`\`Too many requests\`. ${LIMITS}`), headers: retryAfter } };
const unavailable = { 503: sessionErrors[503] };
const publicErrors = { ...bodyErrors, ...unavailable };
const sessionCookieHeader = { 'Set-Cookie': { description: '`vault_session=<JWT>; Path=/; HttpOnly; SameSite=Lax; Max-Age=…` (plus `Secure` on https).', schema: { type: 'string' as const } } };
const passwordRejected = 'or `password_rejected` when the new password breaks the policy (length, complexity, reuse of recent passwords)';

const wrongMfaCode = error('`Invalid MFA code`, or no valid session (`Authentication required`).');
const ZMfaStatus = flatResponse('MfaStatusResponse', { enabled: z.boolean(), backup_codes_remaining: z.number().int() });

export function registerAuthPaths(registry: OpenAPIRegistry): void {
  const path = (method: 'get' | 'post', route: string, config: Omit<Parameters<OpenAPIRegistry['registerPath']>[0], 'method' | 'path'>) =>
    registry.registerPath({ method, path: route, tags: ['Auth'], ...config });

  // Session
  path('post', '/auth/login', {
    summary: 'Sign in with email and password',
    description: [
      'Answers a session (JWT in the body and the `vault_session` HttpOnly cookie), or `mfa_required` with an `mfa_token` for POST /auth/mfa/verify, or 403 `password_expired` with a `reset_token` for POST /auth/reset-expired-password.',
      `**Rate limit:** ${LIMITS}`,
      '**Lockout:** 10 consecutive failed logins lock the account for 30 minutes. Unknown emails, wrong passwords and locked accounts all answer the same 401 `Invalid email or password` (a locked account also carries `Retry-After`).',
    ].join('\n\n'),
    security: [],
    request: { body: json(ZLoginRequestSchema) },
    responses: {
      200: { description: 'Signed in, or the MFA step is required.', headers: sessionCookieHeader, ...json(ZLoginResponse) },
      401: { ...error('`invalid_credentials`: `Invalid email or password` (also while locked, with `Retry-After`).'), headers: retryAfter },
      403: ok('`password_expired`: set a new password with the returned `reset_token`.', ZPasswordExpiredResponse),
      ...rateLimited,
      ...publicErrors,
    },
  });
  path('post', '/auth/logout', {
    summary: 'Sign out',
    description: 'Revokes the current session server-side (its JWT stops working) and clears the `vault_session` cookie.',
    ...sessionSecurity,
    responses: { 200: message('`Logged out`.'), ...sessionErrors },
  });
  path('get', '/auth/verify', {
    summary: 'The current session\'s user',
    ...sessionSecurity,
    responses: { 200: ok('Session is live.', flatResponse('SessionVerifyResponse', { user: ZPublicUser, expires_at: z.iso.datetime() })), ...sessionErrors },
  });

  // Passwords
  path('post', '/auth/change-password', {
    summary: 'Change the signed-in user\'s password',
    description: 'Needs the current password; the user\'s other sessions end.',
    ...sessionSecurity,
    request: { body: json(ZChangePasswordRequestSchema) },
    responses: {
      200: message('`Password changed`.'),
      400: error(`\`validation_error\`, \`invalid_json\`, ${passwordRejected}.`),
      401: error('`Current password is incorrect`, or no valid session.'),
      413: bodyErrors[413],
      415: bodyErrors[415],
      503: sessionErrors[503],
    },
  });
  path('post', '/auth/forgot-password', {
    summary: 'Mail a password reset link',
    description: `The link is single-use and valid 1 hour. Always the same 200, whether or not the email is registered. ${LIMITS}`,
    security: [],
    request: { body: json(ZForgotPasswordRequestSchema) },
    responses: { 200: message('`If this email is registered, a reset link has been sent`.'), ...rateLimited, ...publicErrors },
  });
  path('get', '/auth/verify-reset-token', {
    summary: 'Check a reset link\'s token',
    security: [],
    request: { query: z.object({ token: z.string().meta({ description: 'The token from the mailed link.' }) }) },
    responses: {
      200: ok('The token can be used.', flatResponse('ResetTokenValidResponse', { valid: z.literal(true), expires_at: z.iso.datetime() })),
      400: error('`invalid_token`: missing, unknown, used or expired.'),
      ...unavailable,
    },
  });
  path('post', '/auth/reset-password', {
    summary: 'Set a new password from a reset link',
    description: 'The token is single-use; every session of the user ends. MFA stays as it was.',
    security: [],
    request: { body: json(ZResetPasswordRequestSchema) },
    responses: { 200: message('`Password has been reset`.'), ...publicErrors, 400: error(`\`validation_error\`, \`invalid_json\`, \`invalid_token\`, ${passwordRejected}.`) },
  });
  path('post', '/auth/reset-expired-password', {
    summary: 'Replace an expired password',
    description: 'After a login answered `password_expired`: its `reset_token` (as `token`; single use, valid 1 hour, accepted by this endpoint only), the current password and a new one. Every session of the user ends.',
    security: [],
    request: { body: json(ZResetExpiredPasswordRequestSchema) },
    responses: {
      200: message('`Password changed; sign in with the new password`.'),
      ...publicErrors,
      400: error(`\`validation_error\`, \`invalid_json\`, ${passwordRejected}.`),
      401: error('`Invalid email or password` (wrong current password) or an invalid/expired reset token.'),
    },
  });
  path('get', '/auth/password-expiry-info', {
    summary: 'When the signed-in user\'s password expires',
    description: 'Passwords expire after 90 days unless MFA is on (then `applies` is false).',
    ...sessionSecurity,
    responses: {
      200: ok('Expiry information.', flatResponse('PasswordExpiryResponse', {
        applies: z.boolean(),
        password_changed_at: z.iso.datetime(),
        expires_at: z.iso.datetime().nullable(),
        days_left: z.number().int().nullable(),
        expired: z.boolean(),
      })),
      ...sessionErrors,
    },
  });

  // MFA
  const mfaStep = (kind: string) => ({
    summary: `Second login step: ${kind}`,
    description: `With the \`mfa_token\` a login answered (valid 5 minutes, for one completed login; a password change or reset voids it). Answers a session like a login. ${LIMITS}`,
    security: [],
    request: { body: json(ZMfaVerifyRequestSchema) },
    responses: {
      200: { description: 'Signed in.', headers: sessionCookieHeader, ...json(ZSessionResponse) },
      401: error('Wrong code (`Invalid MFA code`), or an invalid, expired or already used `mfa_token` (`Invalid or expired token`).'),
      ...rateLimited,
      ...publicErrors,
    },
  });
  path('post', '/auth/mfa/verify', mfaStep('a TOTP code'));
  path('post', '/auth/mfa/verify-backup', mfaStep('a one-time backup code'));
  path('post', '/auth/mfa/disable', {
    summary: 'Turn MFA off',
    description: `Needs a current TOTP code. Every attempt is audited (\`mfa.disable\`). ${LIMITS}`,
    ...sessionSecurity,
    request: { body: json(ZMfaCodeRequestSchema) },
    responses: { 200: ok('`MFA disabled`.', flatResponse('MfaDisabledResponse', { enabled: z.literal(false), message: z.string() })), ...bodyErrors, ...sessionErrors, 401: wrongMfaCode, ...rateLimited },
  });
  for (const route of ['/auth/mfa/status', '/mfa-status']) {
    path('get', route, {
      summary: route === '/mfa-status' ? 'MFA status (alias of /auth/mfa/status)' : 'MFA status',
      description: 'Whether MFA is on and how many backup codes are left.',
      ...sessionSecurity,
      responses: { 200: ok('MFA status.', ZMfaStatus), ...sessionErrors },
    });
  }
  path('post', '/user/settings/mfa', {
    summary: 'Set up, confirm or turn off MFA',
    description: `\`{enable:true}\` starts setup (answers \`totp_uri\`, \`qr_code\`, \`backup_codes\`, \`pending:true\`; 409 when MFA is already on); \`{enable:true, code}\` confirms it; \`{enable:false, code}\` turns MFA off. Every attempt is audited (\`mfa.setup_start\`, \`mfa.enable\`, \`mfa.disable\`, success or failure). Requests with a code: ${LIMITS}`,
    ...sessionSecurity,
    request: { body: json(ZMfaSettingsRequestSchema) },
    responses: {
      200: ok('Setup started, MFA enabled, or MFA disabled.', flatResponse('MfaSettingsResponse', {
        enabled: z.boolean(),
        pending: z.boolean().optional(),
        totp_uri: z.string().optional(),
        qr_code: z.string().optional().meta({ description: 'PNG data URL of the TOTP URI.' }),
        backup_codes: z.array(z.string()).optional().meta({ description: 'Shown once, at setup.' }),
        message: z.string().optional(),
      })),
      409: error('`MFA is already enabled`, or a confirmation without a started setup.'),
      ...bodyErrors,
      ...sessionErrors,
      401: wrongMfaCode,
      ...rateLimited,
    },
  });

  // Registration
  path('post', '/auth/send-verification-code', {
    summary: 'Mail a registration code',
    description: `A 6-digit code, valid 10 minutes, 5 tries. ${LIMITS}`,
    security: [],
    request: { body: json(ZSendVerificationCodeRequestSchema) },
    responses: { 200: ok('`Verification code sent`.', flatResponse('VerificationCodeSentResponse', { message: z.string(), expires_in_seconds: z.number().int() })), ...rateLimited, ...publicErrors },
  });
  path('post', '/auth/verify-email-code', {
    summary: 'Exchange the mailed code for a registration ticket',
    description: `The ticket is single-use and valid 30 minutes. ${LIMITS}`,
    security: [],
    request: { body: json(ZVerifyEmailCodeRequestSchema) },
    responses: {
      200: ok('Verified.', flatResponse('EmailVerifiedResponse', { verified: z.literal(true), ticket: z.string(), expires_in_seconds: z.number().int() })),
      401: error('`Invalid or expired verification code`.'),
      ...rateLimited,
      ...publicErrors,
    },
  });
  path('post', '/auth/register', {
    summary: 'Create an account with its owner and a test project',
    description: 'Needs the `ticket` from POST /auth/verify-email-code for the same email.',
    security: [],
    request: { body: json(ZRegisterRequestSchema) },
    responses: {
      201: ok('Registered.', flatResponse('RegisterResponse', {
        user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), role: z.string(), account_id: z.string() }),
        account: z.object({ id: z.string(), name: z.string(), created_at: z.iso.datetime() }),
        project: z.object({ id: z.string(), name: z.string(), environment: z.enum(['test', 'production']) }),
      })),
      409: error('`conflict`: an account with this email already exists.'),
      ...publicErrors,
      400: error(`\`validation_error\`, \`invalid_json\`, an invalid or used ticket, ${passwordRejected}.`),
    },
  });
}
