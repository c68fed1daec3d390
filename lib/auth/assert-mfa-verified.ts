// Issue 26: the most sensitive actions (exports, import keys) need a session verified with MFA. A user with
// MFA turned on can only sign in with it (lib/auth/login.ts answers `mfa_required` before any session), so
// a live session of a user whose MFA is on was opened with it; a user without MFA gets 403 `mfa_required`.
import { VaultError, messages } from '../core/errors';

export function assertMfaVerified(user: { mfaEnabled: boolean }): void {
  if (!user.mfaEnabled) throw new VaultError('mfa_required', messages.mfaRequired);
}
