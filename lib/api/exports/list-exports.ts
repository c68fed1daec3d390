// GET /api/exports?project_id= — a project's exports, newest first (owner or admin).
import { z } from 'zod';
import { listExports } from '../../exports/list-exports';
import { presentExport } from '../../exports/export-row';
import { ZExportView, ZListExportsQuerySchema } from '../../exports/schemas';
import { dataResponse, error, ok } from '../../core/openapi-shapes';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/exports',
  operationId: 'listExports',
  tags: ['Exports'],
  summary: 'List a project\'s exports',
  description: 'Owners and admins (others 403). The project\'s exports, newest first (the last 100), operator exports (`vault export cards`, `approved_via: operator`) included.',
  auth: sessionAuth({ roles: ['owner', 'admin'] }),
  request: { query: ZListExportsQuerySchema },
  responses: { 200: ok('Exports.', dataResponse('ExportList', z.array(ZExportView))), 404: error('`Project not found` (another account\'s project is the same 404).') },
  handler: async (call) => {
    const rows = await listExports(call.runtime, { accountId: call.user.accountId, projectId: call.input.query().project_id });
    return call.json(200, { success: true, data: rows.map(presentExport) });
  },
});
