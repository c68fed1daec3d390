// A user of the caller's account, or 404 `Member not found` (also for another account's user).
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import type { Transaction } from '../projects/lock-account';
import { memberColumns, type MemberRow } from './present-member';
import { isUuid } from '../core/uuid';

export const memberNotFound = () => new VaultError('not_found', 'Member not found');

export async function getMemberOrThrow(
  client: Pick<Runtime, 'db'> | Transaction,
  options: { accountId: string; memberId: string },
): Promise<MemberRow> {
  if (!isUuid(options.memberId)) throw memberNotFound();
  const prisma = 'db' in client ? client.db.prisma : client;
  const member = await prisma.user.findFirst({ where: { id: options.memberId, accountId: options.accountId }, select: memberColumns });
  if (!member) throw memberNotFound();
  return member;
}
