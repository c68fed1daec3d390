// Serialises the account-wide invariants (a test project left, an owner left): the row lock makes two
// concurrent deletions wait for each other instead of both passing the check.
import type { VaultPrismaClient } from '../db/connect';

export type Transaction = Parameters<Parameters<VaultPrismaClient['$transaction']>[0]>[0];

export async function lockAccount(tx: Transaction, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId}::uuid FOR UPDATE`;
}
