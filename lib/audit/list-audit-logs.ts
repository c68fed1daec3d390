// Reading the audit log for an account: the rows that carry its account id (they stay listed after their
// project or member is deleted), and rows written before audit_logs.account_id existed (never rewritten:
// the log is append-only) by its current projects and users. Filtered, newest first (created_at, then the
// insertion sequence), with an opaque cursor (the last row's pair). The two kinds of rows are read as two
// queries and merged: one OR over both made PostgreSQL walk the whole log by seq, filtering (25 ms at 2
// million rows for a 7-day action filter, 230 ms for a range 100 days back), where each alone is an index
// range ((account_id, created_at), (account_id, action, created_at), and the partial index of rows without
// an account) that stops after the page.
import { z } from 'zod';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { chainHead } from './audit-chain';
import { OPERATOR_ACTION_SUFFIX } from './record-audit';
import type { ZAuditLogView } from './schemas';

export const ZAuditLogQuerySchema = z.object({
  project_id: z.uuid({ error: 'project_id must be a UUID' }).optional(),
  actor: z.uuid({ error: 'actor must be a user or application id' }).optional(),
  action: z.string().max(64).optional(),
  outcome: z.enum(['success', 'failure'], { error: "outcome must be 'success' or 'failure'" }).optional(),
  token: z
    .string({ error: 'token must be a string' })
    .max(100, 'token must be at most 100 characters')
    .optional()
    .meta({ description: 'A token value of the account (any format: `tok_…`, digits or a UUID): its trail (creation, proxy uses, reveals, deletion while it existed). A token the account does not have (another account\'s, deleted, unknown) lists nothing.' }),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 date-time' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be 1 to 100').max(100, 'limit must be 1 to 100').default(50),
  cursor: z.string().max(64).optional(),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuerySchema>;

export function presentAuditRow(row: {
  id: string; seq: bigint; action: string; outcome: string; statusCode: number; projectId: string | null; applicationId: string | null;
  userId: string | null; tokenId: string | null; resource: string | null; ip: string | null; requestId: string; createdAt: Date;
  /** Whether a seal covers the row (its seq is at or below the newest seal's last). */
  sealed: boolean;
}): z.output<typeof ZAuditLogView> {
  return {
    id: row.id,
    action: row.action,
    // A text column, written only by recordAudit (whose entries are 'success' or 'failure').
    outcome: row.outcome as 'success' | 'failure',
    status_code: row.statusCode,
    actor: actorOf(row),
    project_id: row.projectId,
    token_id: row.tokenId,
    resource: row.resource,
    ip: row.ip,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
    sealed: row.sealed,
  };
}

/**
 * `_by_operator` actions are written only by the `vault` CLI (lib/auth/operator-audit.ts): no client can name
 * one. So is `export.operator` (`vault export cards`, a name issue 26 fixes).
 */
function actorOf(row: { action: string; userId: string | null; applicationId: string | null }): z.output<typeof ZAuditLogView>['actor'] {
  if (row.userId) return { type: 'user', id: row.userId, application_id: row.applicationId };
  if (row.applicationId) return { type: 'application', id: row.applicationId };
  return row.action.endsWith(OPERATOR_ACTION_SUFFIX) || row.action === 'export.operator' ? { type: 'operator' } : null;
}

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
type AuditCursor = { createdAt: Date; seq: bigint };

/** The cursor of the page after `row` (base64url of its created_at and seq). */
export const cursorOf = (row: AuditCursor) => Buffer.from(`${row.createdAt.toISOString()}|${row.seq}`).toString('base64url');

function parseCursor(cursor: string): AuditCursor {
  const [iso, seq, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (rest.length > 0 || !iso || !ISO_MS.test(iso) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== iso || !seq || !/^\d{1,19}$/.test(seq)) {
    throw VaultError.validation([{ path: 'cursor', message: 'cursor is not valid' }]);
  }
  return { createdAt, seq: BigInt(seq) };
}

/** Rows after the cursor in created_at DESC, seq DESC order, with the created_at bound as an index condition. */
const afterAuditCursor = (cursor: AuditCursor) => ({ AND: [{ createdAt: { lte: cursor.createdAt } }, { OR: [{ createdAt: { lt: cursor.createdAt } }, { seq: { lt: cursor.seq } }] }] });

/**
 * Prisma `where`s for the account's rows, in two parts read apart (see the header): those with its account
 * id, and rows written before audit_logs.account_id existed by its current projects and users (null when it
 * has neither). Rows with another account's id are never the account's, whatever project or user they name.
 */
export async function accountAuditScopes(runtime: Pick<Runtime, 'db'>, accountId: string) {
  const { prisma } = runtime.db;
  const [projects, users] = await Promise.all([
    prisma.project.findMany({ where: { accountId }, select: { id: true } }),
    prisma.user.findMany({ where: { accountId }, select: { id: true } }),
  ]);
  const before = projects.length + users.length > 0 ? { accountId: null, OR: [{ projectId: { in: projects.map((p) => p.id) } }, { userId: { in: users.map((u) => u.id) } }] } : null;
  return { own: { accountId }, before };
}

const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { seq: 'desc' as const }];
const newestFirst = (a: AuditCursor, b: AuditCursor) => b.createdAt.getTime() - a.createdAt.getTime() || (b.seq > a.seq ? 1 : b.seq < a.seq ? -1 : 0);

export async function listAuditLogs(runtime: Pick<Runtime, 'db'>, options: { accountId: string; query: TAuditLogQuery; max?: number }) {
  const { prisma } = runtime.db;
  const { query, accountId } = options;
  if (query.project_id) {
    const project = await prisma.project.findFirst({ where: { id: query.project_id, accountId }, select: { id: true } });
    // A deleted project of this account is still a filter over the account's own rows; any other is 404.
    const deletedOfAccount = !project && (await prisma.auditLog.findFirst({ where: { accountId, projectId: query.project_id }, select: { id: true } }));
    if (!project && !deletedOfAccount) throw new VaultError('not_found', 'Project not found');
  }
  // A token's rows are its project's, from its creation on (the creation's row has the token's created_at):
  // the (project_id, created_at) index narrows them, token_id picks them. No token of the account: no rows.
  const token = query.token
    ? await prisma.token.findFirst({ where: { token: query.token, project: { accountId } }, select: { id: true, projectId: true, createdAt: true } })
    : undefined;
  if (token === null) return { rows: [], nextCursor: null };
  const [scopes, head] = await Promise.all([accountAuditScopes(runtime, accountId), chainHead(runtime.db.sql)]);
  const sealedUpTo = head ? BigInt(head.last_seq) : 0n;
  const take = options.max ?? query.limit;
  const filters = [
    ...(query.actor ? [{ OR: [{ userId: query.actor }, { applicationId: query.actor }] }] : []),
    ...(token ? [{ projectId: token.projectId, createdAt: { gte: token.createdAt }, tokenId: token.id }] : []),
    ...(query.project_id ? [{ projectId: query.project_id }] : []),
    ...(query.action ? [{ action: query.action }] : []),
    ...(query.outcome ? [{ outcome: query.outcome }] : []),
    ...(query.from || query.to ? [{ createdAt: { ...(query.from ? { gte: new Date(query.from) } : {}), ...(query.to ? { lte: new Date(query.to) } : {}) } }] : []),
    ...(query.cursor ? [afterAuditCursor(parseCursor(query.cursor))] : []),
  ];
  const read = (scope: object) => prisma.auditLog.findMany({ where: { AND: [scope, ...filters] }, orderBy: NEWEST_FIRST, take: take + 1, omit: { seq: false } });
  const [own, before] = await Promise.all([read(scopes.own), scopes.before ? read(scopes.before) : []]);
  const rows = before.length ? [...own, ...before].sort(newestFirst).slice(0, take + 1) : own;
  const page = rows.slice(0, take).map((row) => ({ ...row, sealed: row.seq <= sealedUpTo }));
  return { rows: page, nextCursor: rows.length > take ? cursorOf(page.at(-1)!) : null };
}
