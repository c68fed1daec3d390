// Setting a new password, for every flow (change, reset, expired): the policy (length, letters and
// digits, common passwords, not the email, not one of the last 4 — PCI DSS 8.3.6, 8.3.7), argon2id,
// the history row, and a fresh expiry clock. A refused password is a 400 naming the broken rule.
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { GENERATED_PASSWORD_CHANGED_AT } from './one-time-password';
import { checkNewPassword, PASSWORD_HISTORY_SIZE } from './password-policy';
import { hashPassword } from './passwords';

/**
 * `bornExpired`: a generated one-time password (one-time-password.ts), to be replaced at the next sign-in.
 * `beforeWrite` runs once the password is known acceptable and before anything is written: a reset uses up
 * its token there, so a refused password leaves the token usable and an accepted one cannot be set twice.
 */
export async function setPassword(
  runtime: Pick<Runtime, 'db'>,
  options: { userId: string; newPassword: string; bornExpired?: boolean; beforeWrite?: () => Promise<void> },
): Promise<void> {
  const { prisma } = runtime.db;
  const user = await loadAndCheck(runtime, options);
  await options.beforeWrite?.();
  const passwordHash = await hashPassword(options.newPassword);
  await prisma.$transaction([
    prisma.passwordHistory.create({ data: { userId: options.userId, passwordHash: user.passwordHash } }),
    prisma.user.update({
      where: { id: options.userId },
      data: { passwordHash, passwordChangedAt: options.bornExpired ? GENERATED_PASSWORD_CHANGED_AT : new Date(), failedLogins: 0, lockedUntil: null },
    }),
  ]);
}

async function loadAndCheck(runtime: Pick<Runtime, 'db'>, options: { userId: string; newPassword: string }) {
  const { prisma } = runtime.db;
  const user = await prisma.user.findUniqueOrThrow({ where: { id: options.userId }, select: { email: true, passwordHash: true } });
  const history = await prisma.passwordHistory.findMany({
    where: { userId: options.userId },
    orderBy: { createdAt: 'desc' },
    take: PASSWORD_HISTORY_SIZE - 1,
    select: { passwordHash: true },
  });
  const problem = await checkNewPassword({
    password: options.newPassword,
    email: user.email,
    recentHashes: [user.passwordHash, ...history.map((row) => row.passwordHash)],
  });
  if (problem) throw new VaultError('password_rejected', problem.message, [{ path: 'new_password', message: problem.message }]);
  return user;
}
