import { z } from 'zod';
import { flatResponse } from '../core/openapi-shapes';

export const ZLoginRequestSchema = z.object({
  email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254, 'email is too long'),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(1024, 'password is too long'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

const password = (name: string) => z.string({ error: `${name} is required` }).min(1, `${name} is required`).max(1024, `${name} is too long`);

export const ZChangePasswordRequestSchema = z.object({ current_password: password('current_password'), new_password: password('new_password') });
export const ZForgotPasswordRequestSchema = z.object({ email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254) });
export const ZResetPasswordRequestSchema = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(2048), new_password: password('new_password') });
export const ZResetExpiredPasswordRequestSchema = ZResetPasswordRequestSchema.extend({ current_password: password('current_password') });

const mfaCode = z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(32, 'code is too long');
export const ZMfaVerifyRequestSchema = z.object({ code: mfaCode, mfa_token: z.string({ error: 'mfa_token is required' }).min(1, 'mfa_token is required').max(4096) });
export const ZMfaCodeRequestSchema = z.object({ code: mfaCode });
export const ZMfaSettingsRequestSchema = z.object({ enable: z.boolean({ error: 'enable must be true or false' }), code: mfaCode.optional() });

const email = z.email({ error: 'email must be an email address' }).max(254, 'email is too long');
export const ZSendVerificationCodeRequestSchema = z.object({ email });
export const ZVerifyEmailCodeRequestSchema = z.object({ email, code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(12) });
export const ZRegisterRequestSchema = z.object({
  email,
  password: password('password'),
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
  account_name: z.string({ error: 'account_name is required' }).trim().min(1, 'account_name is required').max(100, 'account_name must be at most 100 characters'),
  ticket: z.string({ error: 'ticket is required' }).min(1, 'ticket is required').max(256),
});

// Responses of the sign-in routes (login, the MFA step, session verify).
export const ZPublicUser = z
  .object({ id: z.string(), email: z.string(), name: z.string().nullable(), role: z.enum(['owner', 'admin', 'developer', 'viewer']), account_id: z.string(), mfa_enabled: z.boolean() })
  .meta({ id: 'User' });

export const ZSessionResponse = z
  .object({ success: z.literal(true), token: z.string().meta({ description: 'Session JWT; also set as the `vault_session` HttpOnly cookie.' }), expires_at: z.iso.datetime(), user: ZPublicUser })
  .meta({ id: 'SessionResponse' });

export const ZLoginResponse = z
  .union([
    ZSessionResponse,
    z.object({ success: z.literal(true), mfa_required: z.literal(true), mfa_token: z.string().meta({ description: 'Pass to /auth/mfa/verify or /auth/mfa/verify-backup.' }) }),
  ])
  .meta({ id: 'LoginResponse' });

export const ZPasswordExpiredResponse = z
  .object({
    success: z.literal(false),
    error: z.object({ code: z.literal('password_expired'), message: z.string() }),
    password_expired: z.literal(true),
    reset_token: z.string().meta({ description: 'Pass as `token` to POST /auth/reset-expired-password (single use, valid 1 hour).' }),
    request_id: z.string(),
  })
  .meta({ id: 'PasswordExpiredResponse' });

// Responses of the password and MFA routes, as their presenters build them (passwordExpiry, mfaStatus,
// startMfaSetup are typed against these views).

/** When the password expires (passwordExpiry): never while MFA is on, then `applies` is false. */
export const ZPasswordExpiry = z.object({
  applies: z.boolean().meta({ description: 'False while MFA is on: then the password does not expire.' }),
  password_changed_at: z.iso.datetime(),
  expires_at: z.iso.datetime().nullable(),
  days_left: z.number().int().nullable(),
  expired: z.boolean(),
});
export const ZPasswordExpiryResponse = flatResponse('PasswordExpiryResponse', ZPasswordExpiry.shape);

/** Whether MFA is on and how many unused backup codes are left (mfaStatus). */
export const ZMfaStatus = z.object({ enabled: z.boolean(), backup_codes_remaining: z.number().int().meta({ description: '0 while MFA is off.' }) });
export const ZMfaStatusResponse = flatResponse('MfaStatusResponse', ZMfaStatus.shape);

/** A started MFA setup (startMfaSetup): the pending secret as a URI and a QR code, and the backup codes. */
export const ZMfaSetup = z.object({
  totp_uri: z.string().meta({ description: '`otpauth://totp/…` URI of the pending secret.' }),
  qr_code: z.string().meta({ description: 'PNG data URL of the TOTP URI.' }),
  backup_codes: z.array(z.string()).meta({ description: 'Shown once, at setup.' }),
});

export const ZMfaBackupCodesResponse = flatResponse('MfaBackupCodesResponse', {
  backup_codes: z.array(z.string()).meta({ description: '10 new single-use codes (`xxxx-xxxx`), shown this once.' }),
});
export const ZMfaDisabledResponse = flatResponse('MfaDisabledResponse', { enabled: z.literal(false), message: z.string().meta({ description: '`MFA disabled`.' }) });
export const ZMfaSettingsResponse = z
  .union([
    flatResponse('MfaSetupStartedResponse', { enabled: z.literal(false), pending: z.literal(true), ...ZMfaSetup.shape }),
    flatResponse('MfaEnabledResponse', { enabled: z.literal(true), message: z.string().meta({ description: '`MFA enabled`.' }) }),
    ZMfaDisabledResponse,
  ])
  .meta({ id: 'MfaSettingsResponse' });
