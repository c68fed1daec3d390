// The user an operator names by email (`vault user …`): exact match after trimming and lower-casing, as
// sign-in matches it.
import type { Runtime } from '../runtime/types';

export class UserNotFoundError extends Error {
  constructor(email: string) {
    super(`no user has the email ${email.trim().toLowerCase()}`);
    this.name = 'UserNotFoundError';
  }
}

export async function getUserByEmailOrThrow(runtime: Pick<Runtime, 'db'>, email: string) {
  const user = await runtime.db.prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, accountId: true, email: true, mfaEnabled: true, failedLogins: true, lockedUntil: true },
  });
  if (!user) throw new UserNotFoundError(email);
  return user;
}
