import { z } from 'zod';

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
