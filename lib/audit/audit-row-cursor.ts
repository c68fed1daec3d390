// The listing cursor whose page starts at one of the account's audit rows (newest first, so the page after
// (its created_at, seq + 1)), for linking to a row by id: the dashboard's link to the first broken row that
// GET /api/audit-logs/verify names. Another account's row, or no row, is null.
import { isUuid } from '../core/uuid';
import type { Runtime } from '../runtime/types';
import { accountAuditScopes, cursorOf } from './list-audit-logs';

export async function auditRowCursor(runtime: Pick<Runtime, 'db'>, options: { accountId: string; id: string }): Promise<string | null> {
  if (!isUuid(options.id)) return null;
  const { own, before } = await accountAuditScopes(runtime, options.accountId);
  const row = await runtime.db.prisma.auditLog.findFirst({ where: { AND: [before ? { OR: [own, before] } : own, { id: options.id }] }, select: { createdAt: true, seq: true } });
  return row ? cursorOf({ createdAt: row.createdAt, seq: row.seq + 1n }) : null;
}
