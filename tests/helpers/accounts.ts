// Signing in through the API, and a second account (its own test project and owner) for the "another
// tenant sees nothing" rows of the security tables.
import { expect } from 'vitest';
import { createProject } from '../../lib/projects/create-project';
import { hashPassword } from '../../lib/auth/passwords';
import type { TestVault } from './test-vault';
import { TEST_PASSWORD } from './users';

/** A session JWT for a user of the test password. */
export async function loginAs(vault: TestVault, email: string): Promise<string> {
  const response = await vault.call('POST', '/auth/login', { key: null, json: { email, password: TEST_PASSWORD } });
  expect(response.status).toBe(200);
  return response.json.token;
}

export type Stranger = { userId: string; accountId: string; projectId: string; token: string };

/** Another account with a test project and a signed-in owner. */
export async function seedStranger(vault: TestVault): Promise<Stranger> {
  const { prisma } = vault.runtime.db;
  const account = await prisma.account.create({ data: { name: 'Stranger account' }, select: { id: true } });
  const project = await createProject(vault.runtime, { accountId: account.id, name: 'Stranger project', environment: 'test' });
  const email = `stranger-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await prisma.user.create({
    data: { accountId: account.id, email, passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner', name: 'stranger' },
    select: { id: true },
  });
  return { userId: user.id, accountId: account.id, projectId: project.id, token: await loginAs(vault, email) };
}
