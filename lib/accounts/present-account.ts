// The API shape of an account (GET/PUT /api/account).
import type { z } from 'zod';
import type { ZAccountView } from './schemas';

export type AccountRow = { id: string; name: string; requireMfa: boolean; createdAt: Date };

export const accountColumns = { id: true, name: true, requireMfa: true, createdAt: true } as const;

export function presentAccount(account: AccountRow): z.output<typeof ZAccountView> {
  return { id: account.id, name: account.name, require_mfa: account.requireMfa, created_at: account.createdAt.toISOString() };
}
