// Users of every role in the test tenants' account, with a known password (argon2 work is done once
// per file, only where a test needs users).
import { hashPassword } from '../../lib/auth/passwords';
import type { TestVault } from './test-vault';

export const TEST_PASSWORD = 'correct horse battery 42';
export type Role = 'owner' | 'admin' | 'developer' | 'viewer';
export type TestUsers = Record<Role, { id: string; email: string }> & { accountId: string };

export async function seedUsers(vault: TestVault, prefix = 'user'): Promise<TestUsers> {
  const { prisma } = vault.runtime.db;
  const project = await prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId }, select: { accountId: true } });
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const users = {} as Record<Role, { id: string; email: string }>;
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) {
    const email = `${prefix}-${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const user = await prisma.user.create({ data: { accountId: project.accountId, email, passwordHash, role, name: `${role} user` }, select: { id: true } });
    users[role] = { id: user.id, email };
  }
  return { ...users, accountId: project.accountId };
}
