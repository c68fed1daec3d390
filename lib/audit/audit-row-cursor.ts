// The listing cursor whose page starts at one of the account's audit rows (newest first, so the page
// after seq + 1), for linking to a row by id: the dashboard's link to the first broken row that
// GET /api/audit-logs/verify names. Another account's row, or no row, is null.
import { isUuid } from '../core/uuid';
import type { Runtime } from '../runtime/types';
import { accountAuditScope, cursorOf } from './list-audit-logs';

export async function auditRowCursor(runtime: Pick<Runtime, 'db'>, options: { accountId: string; id: string }): Promise<string | null> {
  if (!isUuid(options.id)) return null;
  const scope = await accountAuditScope(runtime, options.accountId);
  const row = await runtime.db.prisma.auditLog.findFirst({ where: { AND: [scope, { id: options.id }] }, select: { seq: true } });
  return row ? cursorOf(row.seq + 1n) : null;
}
