// The signed-in user's account, as GET /api/account shows it.
import type { Runtime } from '../runtime/types';
import { accountColumns, presentAccount } from './present-account';

export async function getAccount(runtime: Pick<Runtime, 'db'>, options: { accountId: string }) {
  return presentAccount(await runtime.db.prisma.account.findUniqueOrThrow({ where: { id: options.accountId }, select: accountColumns }));
}
