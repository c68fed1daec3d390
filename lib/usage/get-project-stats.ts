// The dashboard's overview figures of one project: tokens stored, checkout sessions by status (an open
// session past its deadline counts as expired, as every reader presents it), and the account's last 10
// security-relevant audit rows, presented as GET /api/audit-logs presents them. One query each (the events: their ids through a
// partial index, then those rows).
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import { chainHead } from '../audit/audit-chain';
import { Prisma } from '../db/generated/client';
import { presentAuditRow } from '../audit/list-audit-logs';
import type { ZAuditLogView } from '../audit/schemas';
import type { CheckoutStatus } from '../checkout/checkout-rules';
import type { Runtime } from '../runtime/types';
import type { z } from 'zod';

/** Security-relevant whatever their outcome: key, member, account, MFA, password and session changes, refused calls. */
export const SECURITY_ACTIONS = [
  'access.denied',
  'account.update',
  'application.rotate_key',
  'application.delete',
  'merchant.rotate_key',
  'merchant.delete',
  'project.delete',
  'member.invite',
  'member.update',
  'member.remove',
  'mfa.enable',
  'mfa.disable',
  'auth.change_password',
  'auth.reset_password',
  'auth.reset_expired_password',
  'auth.session_revoke',
  'auth.sessions_revoke_others',
  // An operator's recovery with the `vault` command line (lib/auth/operator-audit.ts).
  'user.password_reset_by_operator',
  'user.mfa_reset_by_operator',
  'user.unlock_by_operator',
  'application.create_by_operator',
] as const;
/** Security-relevant only when they failed: sign-in steps. */
export const SECURITY_FAILURE_ACTIONS = ['auth.login', 'auth.mfa_verify', 'auth.mfa_verify_backup'] as const;
export const RECENT_SECURITY_EVENTS = 10;

const quoted = (actions: readonly string[]) => actions.map((action) => `'${action}'`).join(', ');
/**
 * The rows that are security events, as SQL: the very predicate of the partial index
 * audit_logs_security_events_idx (prisma/schema.prisma; a test holds them equal), so finding the newest
 * few reads that small index instead of every vault call the account ever made. Constants only.
 */
export const SECURITY_EVENTS_PREDICATE = `action IN (${quoted(SECURITY_ACTIONS)}) OR (action IN (${quoted(SECURITY_FAILURE_ACTIONS)}) AND outcome = 'failure')`;

const STATUSES: CheckoutStatus[] = ['open', 'completed', 'cancelled', 'expired'];

export type ProjectStats = {
  tokensStored: number;
  checkoutSessionsByStatus: Record<CheckoutStatus, number>;
  recentSecurityEvents: z.output<typeof ZAuditLogView>[];
};

export async function getProjectStats(runtime: Pick<Runtime, 'db'>, options: { accountId: string; projectId: string; now?: Date }): Promise<ProjectStats> {
  await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  const { prisma } = runtime.db;
  const now = options.now ?? new Date();
  const [tokensStored, statusRows, events, head] = await Promise.all([
    // Kept by statement triggers on tokens (migration token_counts): a sum of a few rows, not a count of millions.
    prisma.projectTokenCount.aggregate({ where: { projectId: options.projectId }, _sum: { tokens: true } }).then((sum) => Number(sum._sum.tokens ?? 0)),
    // Lazy expiry as getCheckoutSession applies it, without writing: past its deadline and not held by a live charge.
    prisma.$queryRaw<{ status: CheckoutStatus; count: number }[]>`
      SELECT (CASE WHEN status = 'open' AND expires_at <= ${now}::timestamptz AND (charge_lock_id IS NULL OR charge_lock_until < ${now}::timestamptz)
        THEN 'expired' ELSE status::text END) AS status, count(*)::int AS count
      FROM checkout_sessions WHERE project_id = ${options.projectId}::uuid GROUP BY 1`,
    // The ids through the partial index (literal predicate: a parameterised one could not use it), then the rows.
    prisma.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM audit_logs WHERE account_id = ${options.accountId}::uuid AND (${Prisma.raw(SECURITY_EVENTS_PREDICATE)})
      ORDER BY seq DESC LIMIT ${RECENT_SECURITY_EVENTS}`.then((ids) =>
      prisma.auditLog.findMany({ where: { id: { in: ids.map((row) => row.id) } }, orderBy: { seq: 'desc' }, omit: { seq: false } }),
    ),
    chainHead(runtime.db.sql),
  ]);
  const checkoutSessionsByStatus = Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<CheckoutStatus, number>;
  for (const row of statusRows) checkoutSessionsByStatus[row.status] += row.count;
  const sealedUpTo = head ? BigInt(head.last_seq) : 0n;
  return { tokensStored, checkoutSessionsByStatus, recentSecurityEvents: events.map((row) => presentAuditRow({ ...row, sealed: row.seq <= sealedUpTo })) };
}
