// POST /api/exports/{id}/approve's work, and `vault export approve`'s: the second person of the two-person
// rule. An owner other than the requester approves in the dashboard; the operator may approve only when the
// account has a single owner (there is no second person to ask). Approval opens a 24 h download window.
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { exportExpired, exportNotPending, selfApproval } from './export-errors';
import { EXPORT_COLUMNS, type ExportRow } from './export-row';
import { getExportOrThrow } from './get-export-or-throw';
import { EXPORT_APPROVAL_WINDOW_MS } from './schemas';

type Approver = { kind: 'owner'; userId: string } | { kind: 'operator' };

async function approve(runtime: Pick<Runtime, 'db' | 'keyring'>, row: ExportRow, approver: Approver, now: Date): Promise<ExportRow> {
  if (row.status === 'expired') throw exportExpired();
  if (row.status !== 'pending_approval') throw exportNotPending(row.status === 'approved' ? 'already approved' : row.status);
  if (approver.kind === 'owner' && row.requested_by === approver.userId) throw selfApproval();
  const [updated] = await runtime.db.sql.query<ExportRow>(
    `UPDATE exports AS e SET status = 'approved', approved_by = $2::uuid, approved_via = $3, approved_at = $4, expires_at = $5
     WHERE e.id = $1::uuid AND e.status = 'pending_approval' AND e.expires_at > $4 RETURNING ${EXPORT_COLUMNS}`,
    [row.id, approver.kind === 'owner' ? approver.userId : null, approver.kind, now, new Date(now.getTime() + EXPORT_APPROVAL_WINDOW_MS)],
  );
  // Another approval (or the expiry) got there first.
  if (!updated) throw exportNotPending('no longer pending approval');
  return updated;
}

/** A second owner's approval (the caller checked the role and the MFA-verified session). */
export async function approveExport(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; exportId: string; approverId: string; now?: Date },
): Promise<ExportRow> {
  const now = options.now ?? new Date();
  const row = await getExportOrThrow(runtime, { accountId: options.accountId, exportId: options.exportId, now });
  return approve(runtime, row, { kind: 'owner', userId: options.approverId }, now);
}

/** Why the operator may not approve: the account has another owner to ask. */
export class OperatorApprovalRefused extends Error {}

/** `vault export approve ID`: allowed only when the export's account has exactly one owner. */
export async function approveExportByOperator(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { exportId: string; now?: Date },
): Promise<ExportRow & { account_id: string }> {
  const now = options.now ?? new Date();
  const row = await getExportOrThrow(runtime, { accountId: null, exportId: options.exportId, now });
  const owners = await runtime.db.prisma.user.count({ where: { accountId: row.account_id, role: 'owner' } });
  if (owners > 1) {
    throw new OperatorApprovalRefused(
      `the account has ${owners} owners: a second owner must approve this export in the dashboard (Exports page, or POST /api/exports/${row.id}/approve). The operator approves only for an account with a single owner.`,
    );
  }
  try {
    return { ...(await approve(runtime, row, { kind: 'operator' }, now)), account_id: row.account_id };
  } catch (error) {
    if (error instanceof VaultError) throw new OperatorApprovalRefused(error.message);
    throw error;
  }
}
