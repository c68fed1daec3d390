// An unapproved export request lapses 24 h after it was made, an approved one 24 h after its approval
// (`expires_at`). Checked lazily wherever an export is read, approved or downloaded (only the rows in
// question), and swept every minute by the event jobs (lib/runtime/event-jobs.ts) so a lapsed request is
// marked and audited even if nobody looks. Each expiry writes its audit row (`export.expired`) in the
// transaction that marks it, so a row is expired and audited exactly once however many nodes sweep.
import { randomUUID } from 'node:crypto';
import { insertAuditRows } from '../audit/audit-writer';
import type { AuditEntry } from '../core/audit-entry';
import type { Runtime } from '../runtime/types';

/** How often the event jobs sweep for lapsed requests. */
export const EXPORT_EXPIRY_SWEEP_MS = 60 * 1000;

type Expired = { id: string; project_id: string; account_id: string; requested_by: string | null };

const EXPIRE_DUE = (filter: string) => `
  UPDATE exports AS e SET status = 'expired'
  FROM projects AS p
  WHERE p.id = e.project_id AND e.status IN ('pending_approval', 'approved') AND e.expires_at <= $1 ${filter}
  RETURNING e.id, e.project_id, p.account_id, e.requested_by`;

/** Marks the lapsed exports (all, one project's, or one) expired and audits each; returns how many. */
export async function expireExports(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { now?: Date; projectId?: string; exportId?: string } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const [filter, params] = options.exportId
    ? ['AND e.id = $2::uuid', [now, options.exportId]]
    : options.projectId
      ? ['AND e.project_id = $2::uuid', [now, options.projectId]]
      : ['', [now]];
  const requestId = `job-${randomUUID()}`;
  return runtime.db.sql.transaction(async (tx) => {
    const rows = await tx.query<Expired>(EXPIRE_DUE(filter), params);
    const entries = rows.map((row): AuditEntry => ({
      action: 'export.expired',
      outcome: 'success',
      statusCode: 200,
      requestId,
      accountId: row.account_id,
      projectId: row.project_id,
      resource: `export:${row.id}${row.requested_by ? `:requested_by:user:${row.requested_by}` : ''}`,
    }));
    if (entries.length) await insertAuditRows({ sql: tx }, runtime.keyring, entries);
    return rows.length;
  });
}
