import type { z } from 'zod';
import { PASSWORD_MAX_AGE_DAYS } from './login';
import type { ZPasswordExpiry } from './schemas';

/** Passwords expire after 90 days unless MFA is on (PCI DSS 8.3.9 allows either). */
export function passwordExpiry(options: { passwordChangedAt: Date; mfaEnabled: boolean; now?: Date }): z.output<typeof ZPasswordExpiry> {
  const now = options.now ?? new Date();
  const expiresAt = new Date(options.passwordChangedAt.getTime() + PASSWORD_MAX_AGE_DAYS * 86_400_000);
  const applies = !options.mfaEnabled;
  return {
    applies,
    password_changed_at: options.passwordChangedAt.toISOString(),
    expires_at: applies ? expiresAt.toISOString() : null,
    days_left: applies ? Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 86_400_000)) : null,
    expired: applies && expiresAt <= now,
  };
}
