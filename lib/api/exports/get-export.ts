// GET /api/exports/{id} — an export's state (owner or admin).
import { getExportOrThrow } from '../../exports/get-export-or-throw';
import { presentExport } from '../../exports/export-row';
import { OTHER_ACCOUNT_404, ok } from '../../core/openapi-shapes';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ZExportResponse, exportIdParam, exportNotFound404 } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/exports/{id}',
  operationId: 'getExport',
  tags: ['Exports'],
  summary: 'Get an export',
  description: `Owners and admins (others 403). Its status (\`pending_approval\`, \`approved\`, \`downloaded\`, \`expired\`: a lapsed request reads as \`expired\` at once), who requested and approved it, the recipient key's fingerprint and the rows written once downloaded. Never card data, never the key's text. ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth({ roles: ['owner', 'admin'] }),
  request: { params: exportIdParam },
  responses: { 200: ok('The export.', ZExportResponse), ...exportNotFound404 },
  handler: async (call) => {
    const row = await getExportOrThrow(call.runtime, { accountId: call.user.accountId, exportId: call.params.id ?? '' });
    return call.json(200, { success: true, data: presentExport(row) });
  },
});
