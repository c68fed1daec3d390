// Routes of a user's own account security: registration, passwords (change, forgot, reset, expired), MFA.
import { POST as changePassword } from '../../api/auth/change-password';
import { POST as forgotPassword } from '../../api/auth/forgot-password';
import { GET as passwordExpiryInfo } from '../../api/auth/password-expiry-info';
import { POST as resetExpiredPassword } from '../../api/auth/reset-expired-password';
import { POST as resetPassword } from '../../api/auth/reset-password';
import { GET as verifyResetToken } from '../../api/auth/verify-reset-token';
import { POST as mfaDisable } from '../../api/auth/mfa-disable';
import { GET as mfaStatus } from '../../api/auth/mfa-status';
import { POST as mfaVerify } from '../../api/auth/mfa-verify';
import { POST as mfaVerifyBackup } from '../../api/auth/mfa-verify-backup';
import { POST as settingsMfa } from '../../api/user/settings-mfa';
import { POST as register } from '../../api/auth/register';
import { POST as sendVerificationCode } from '../../api/auth/send-verification-code';
import { POST as verifyEmailCode } from '../../api/auth/verify-email-code';
import type { Route } from './types';

export const accountAuthRoutes: Route[] = [
  { pattern: /^\/auth\/change-password$/, params: [], methods: { POST: changePassword } },
  { pattern: /^\/auth\/forgot-password$/, params: [], methods: { POST: forgotPassword } },
  { pattern: /^\/auth\/verify-reset-token$/, params: [], methods: { GET: verifyResetToken } },
  { pattern: /^\/auth\/reset-password$/, params: [], methods: { POST: resetPassword } },
  { pattern: /^\/auth\/reset-expired-password$/, params: [], methods: { POST: resetExpiredPassword } },
  { pattern: /^\/auth\/password-expiry-info$/, params: [], methods: { GET: passwordExpiryInfo } },
  { pattern: /^\/auth\/mfa\/verify$/, params: [], methods: { POST: mfaVerify } },
  { pattern: /^\/auth\/mfa\/verify-backup$/, params: [], methods: { POST: mfaVerifyBackup } },
  { pattern: /^\/auth\/mfa\/disable$/, params: [], methods: { POST: mfaDisable } },
  { pattern: /^\/auth\/mfa\/status$/, params: [], methods: { GET: mfaStatus } },
  { pattern: /^\/mfa-status$/, params: [], methods: { GET: mfaStatus } },
  { pattern: /^\/user\/settings\/mfa$/, params: [], methods: { POST: settingsMfa } },
  { pattern: /^\/auth\/send-verification-code$/, params: [], methods: { POST: sendVerificationCode } },
  { pattern: /^\/auth\/verify-email-code$/, params: [], methods: { POST: verifyEmailCode } },
  { pattern: /^\/auth\/register$/, params: [], methods: { POST: register } },
];
