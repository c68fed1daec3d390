// The users of one account, oldest first.
import type { Runtime } from '../runtime/types';
import { memberColumns, presentMember, type PresentedMember } from './present-member';

export async function listMembers(runtime: Pick<Runtime, 'db'>, options: { accountId: string }): Promise<PresentedMember[]> {
  const members = await runtime.db.prisma.user.findMany({
    where: { accountId: options.accountId },
    select: memberColumns,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return members.map(presentMember);
}
