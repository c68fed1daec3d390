// Setting a password with a single-use reset token, for both doors (mailed links; an expired password,
// which must also prove the current one): the token is looked up, the password checked against the
// policy, the token used up, the password written and every session of the user ended. A refused password
// leaves the token usable.
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { verifyPassword } from './passwords';
import { consumeResetTokenOrThrow, findResetTokenOrThrow, type ResetPurpose } from './reset-tokens';
import { revokeUserSessions } from './sessions';
import { setPassword } from './set-password';

/** Returns the user whose password was set, and their account (for the audit row). */
export async function resetPasswordWithToken(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { token: string; purposes: readonly ResetPurpose[]; newPassword: string; currentPassword?: string },
): Promise<{ userId: string; accountId: string }> {
  const { id, userId, accountId } = await findResetTokenOrThrow(runtime, options.token, options.purposes);
  if (options.currentPassword !== undefined) {
    const { passwordHash } = await runtime.db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
    if (!(await verifyPassword(passwordHash, options.currentPassword))) throw new VaultError('invalid_credentials', messages.invalidCredentials);
  }
  await setPassword(runtime, { userId, newPassword: options.newPassword, beforeWrite: () => consumeResetTokenOrThrow(runtime, id) });
  await revokeUserSessions(runtime, userId);
  return { userId, accountId };
}
