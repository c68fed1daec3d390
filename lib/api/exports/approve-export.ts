// POST /api/exports/{id}/approve — a second owner (MFA-verified) approves an export request.
import { assertMfaVerified } from '../../auth/assert-mfa-verified';
import { approveExport } from '../../exports/approve-export';
import { exportResource, presentExport } from '../../exports/export-row';
import { error, ok } from '../../core/openapi-shapes';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { OWNER_MFA, TWO_PERSON_RULE, ZExportResponse, exportIdParam, exportNotFound404, ownerMfa403 } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/exports/{id}/approve',
  operationId: 'approveExport',
  tags: ['Exports'],
  summary: 'Approve an export (second owner)',
  description: `${OWNER_MFA} ${TWO_PERSON_RULE} The owner who requested the export cannot approve it (403). The audit row (\`export.approve\`) names the approver (its user) and the requester (its resource, \`export:<id>:requested_by:user:<id>\`). Approval opens a 24 h window for the download.`,
  auth: managerAuth('export.approve', { roles: ['owner'] }),
  request: { params: exportIdParam },
  responses: {
    200: ok('Approved.', ZExportResponse),
    403: ownerMfa403('`You requested this export: another owner must approve it (two-person rule)` (`insufficient_permissions`).'),
    ...exportNotFound404,
    409: error('`conflict`: the request has expired (24 h without approval: its status is now `expired`), or it is not pending approval any more (already approved or downloaded).'),
  },
  handler: async (call) => {
    const exportId = call.params.id ?? '';
    call.target.resource = `export:${exportId}`;
    assertMfaVerified(call.user);
    const row = await approveExport(call.runtime, { accountId: call.user.accountId, exportId, approverId: call.user.id });
    Object.assign(call.target, { projectId: row.project_id, resource: exportResource(row, `user:${call.user.id}`) });
    return call.json(200, { success: true, data: presentExport(row) });
  },
});
