// POST /auth/register: a new account with its owner and its first (test) project, after the email was
// verified. The password follows the same policy as everywhere else.
import { checkNewPassword } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { VaultError } from '../http/errors';
import type { Runtime } from '../runtime';
import { createProject } from './create-project';

/** The checks that need no ticket (so a refused password does not use one up). */
export async function assertCanRegister(runtime: Pick<Runtime, 'db'>, options: { email: string; password: string }): Promise<void> {
  const email = options.email.trim().toLowerCase();
  const problem = await checkNewPassword({ password: options.password, email });
  if (problem) throw new VaultError('password_rejected', problem.message, [{ path: 'password', message: problem.message }]);
  if (await runtime.db.prisma.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new VaultError('conflict', 'An account with this email already exists');
  }
}

export async function registerAccount(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { email: string; password: string; name: string; accountName: string },
) {
  const email = options.email.trim().toLowerCase();
  await assertCanRegister(runtime, options);
  const { prisma } = runtime.db;
  const passwordHash = await hashPassword(options.password);
  return prisma.$transaction(async (tx) => {
    const account = await tx.account.create({ data: { name: options.accountName }, select: { id: true, name: true, createdAt: true } });
    const user = await tx.user.create({
      data: { accountId: account.id, email, name: options.name, passwordHash, role: 'owner' },
      select: { id: true, email: true, name: true, role: true, createdAt: true },
    });
    const scoped = { ...runtime, db: { ...runtime.db, prisma: tx as unknown as typeof prisma } };
    const project = await createProject(scoped, { accountId: account.id, name: 'Test project', environment: 'test' });
    return { account, user, project };
  });
}
