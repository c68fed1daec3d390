// The signed-in user's new password, proven by the current one (POST /auth/change-password); their other
// sessions end. A wrong current password is a guess like a wrong sign-in: audited, counted towards the
// lockout (the sign-in counter), and at most 5 per user in 15 minutes (then 429 with Retry-After), so a
// stolen session cannot be used to brute-force the password behind it.
import { recordAudit } from '../audit/record-audit';
import { VaultError } from '../core/errors';
import { recordLoginFailure } from '../metrics/auth-metrics';
import type { Runtime } from '../runtime/types';
import { countSignInFailure, lockedForSeconds } from './lockout';
import { countPasswordGuess, limitPasswordGuesses } from './login-limits';
import { verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { setPassword } from './set-password';

type ChangePasswordRuntime = Pick<Runtime, 'db' | 'store' | 'audit' | 'logger'>;

const wrongCurrentPassword = (retryAfterSeconds: number | null) =>
  Object.assign(
    new VaultError('invalid_credentials', 'Current password is incorrect', [{ path: 'current_password', message: 'Current password is incorrect' }]),
    retryAfterSeconds ? { retryAfterSeconds } : {},
  );

export async function changePassword(
  runtime: ChangePasswordRuntime,
  options: { user: { id: string; accountId: string }; sessionId: string; currentPassword: string; newPassword: string; requestId: string; ip: string | null },
): Promise<void> {
  const audit = { action: 'auth.change_password', requestId: options.requestId, accountId: options.user.accountId, userId: options.user.id, ip: options.ip };
  try {
    await limitPasswordGuesses(runtime, options.user.id);
    const user = await runtime.db.prisma.user.findUniqueOrThrow({ where: { id: options.user.id }, select: { passwordHash: true, lockedUntil: true } });
    // A locked account takes no guess at all, right or wrong.
    const locked = lockedForSeconds(user.lockedUntil, new Date());
    if (locked !== null) throw wrongCurrentPassword(locked);
    if (!(await verifyPassword(user.passwordHash, options.currentPassword))) {
      recordLoginFailure('wrong_password');
      await countPasswordGuess(runtime, options.user.id);
      throw wrongCurrentPassword(await countSignInFailure(runtime, { userId: options.user.id }));
    }
  } catch (error) {
    if (error instanceof VaultError) await recordAudit(runtime, { ...audit, outcome: 'failure', statusCode: error.status });
    throw error;
  }
  await setPassword(runtime, { userId: options.user.id, newPassword: options.newPassword });
  await revokeUserSessions(runtime, options.user.id, options.sessionId);
  await recordAudit(runtime, { ...audit, outcome: 'success', statusCode: 200 });
}
