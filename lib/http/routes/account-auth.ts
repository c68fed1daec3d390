// Routes of the signed-in user's own account security: passwords (change, forgot, reset, expired).
import { POST as changePassword } from '../../api/auth/change-password';
import { POST as forgotPassword } from '../../api/auth/forgot-password';
import { GET as passwordExpiryInfo } from '../../api/auth/password-expiry-info';
import { POST as resetExpiredPassword } from '../../api/auth/reset-expired-password';
import { POST as resetPassword } from '../../api/auth/reset-password';
import { GET as verifyResetToken } from '../../api/auth/verify-reset-token';
import type { Route } from './types';

export const accountAuthRoutes: Route[] = [
  { pattern: /^\/auth\/change-password$/, params: [], methods: { POST: changePassword } },
  { pattern: /^\/auth\/forgot-password$/, params: [], methods: { POST: forgotPassword } },
  { pattern: /^\/auth\/verify-reset-token$/, params: [], methods: { GET: verifyResetToken } },
  { pattern: /^\/auth\/reset-password$/, params: [], methods: { POST: resetPassword } },
  { pattern: /^\/auth\/reset-expired-password$/, params: [], methods: { POST: resetExpiredPassword } },
  { pattern: /^\/auth\/password-expiry-info$/, params: [], methods: { GET: passwordExpiryInfo } },
];
