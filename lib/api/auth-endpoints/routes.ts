// The auth routes: sign-in and session, passwords, MFA, registration.
import type { DefinedRoute } from '../../http/define-route';
import { POST as updateMfaSettings } from './settings-mfa';
import { POST as regenerateMfaBackupCodes } from './regenerate-backup-codes';
import { POST as changePassword } from './change-password';
import { POST as disableMfa } from './disable-mfa';
import { POST as forgotPassword } from './forgot-password';
import { GET as getMfaStatus } from './get-mfa-status';
import { GET as getMfaStatusAlias } from './get-mfa-status-alias';
import { GET as getPasswordExpiryInfo } from './get-password-expiry-info';
import { POST as login } from './login';
import { POST as logout } from './logout';
import { POST as register } from './register';
import { POST as resetExpiredPassword } from './reset-expired-password';
import { POST as resetPassword } from './reset-password';
import { POST as sendVerificationCode } from './send-verification-code';
import { GET as verifySession } from './verify';
import { POST as verifyEmailCode } from './verify-email-code';
import { POST as verifyMfaBackupCode } from './verify-mfa-backup-code';
import { POST as verifyMfaCode } from './verify-mfa-code';
import { GET as verifyResetToken, POST as checkResetToken } from './verify-reset-token';

export const authRoutes: DefinedRoute[] = [
  // Sign-in and session
  login,
  logout,
  verifySession,
  // Passwords
  changePassword,
  forgotPassword,
  checkResetToken,
  verifyResetToken,
  resetPassword,
  resetExpiredPassword,
  getPasswordExpiryInfo,
  // MFA
  verifyMfaCode,
  verifyMfaBackupCode,
  disableMfa,
  getMfaStatus,
  getMfaStatusAlias,
  updateMfaSettings,
  regenerateMfaBackupCodes,
  // Registration
  sendVerificationCode,
  verifyEmailCode,
  register,
];
