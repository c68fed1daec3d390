// POST /auth/register: a new account with its owner and its first (test) project, after the email was
// verified (the route checks the ticket first). The password follows the same policy as everywhere else.
import { checkNewPassword } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { createProject } from '../projects/create-project';

/** The password policy: checked once the ticket is known good but before it is used up, so a refused password does not cost one. */
export async function assertRegistrationPassword(options: { email: string; password: string }): Promise<void> {
  const problem = await checkNewPassword({ password: options.password, email: options.email.trim().toLowerCase() });
  if (problem) throw new VaultError('password_rejected', problem.message, [{ path: 'password', message: problem.message }]);
}

/**
 * After the ticket was taken: the account. An email that has an account by now (registered since its code
 * was sent) is a 409, which only the holder of that email's ticket can ever see.
 */
export async function registerAccount(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { email: string; password: string; name: string; accountName: string },
) {
  const email = options.email.trim().toLowerCase();
  await assertRegistrationPassword(options);
  const { prisma } = runtime.db;
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) throw new VaultError('conflict', 'An account with this email already exists');
  const passwordHash = await hashPassword(options.password);
  return prisma.$transaction(async (tx) => {
    const account = await tx.account.create({ data: { name: options.accountName }, select: { id: true, name: true, createdAt: true } });
    const user = await tx.user.create({
      data: { accountId: account.id, email, name: options.name, passwordHash, role: 'owner' },
      select: { id: true, email: true, name: true, role: true, createdAt: true },
    });
    const scoped = { ...runtime, db: { ...runtime.db, prisma: tx as unknown as typeof prisma } };
    const project = await createProject(scoped, { accountId: account.id, name: 'Test project', environment: 'test', transaction: tx });
    return { account, user, project };
  });
}
