// GET /api/imports/{id} — an import's status and counts (any role).
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, error, idParam, ok } from '../../core/openapi-shapes';
import { getImportOrThrow } from '../../imports/imports';
import { ZImportView } from '../../imports/schemas';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/imports/{id}',
  operationId: 'getImport',
  tags: ['Imports'],
  summary: 'Get an import',
  description: `${ANY_ROLE} \`status\` (\`queued\`, \`running\`, \`completed\`, \`failed\`, \`cancelled\`), \`rows_total\` (data rows, counted by the integrity pass; null before), \`rows_done\` (rows whose batch is committed), \`rows_imported\`, \`rows_skipped\` (already imported: the same \`external_id\`), \`rows_failed\` (refused: in the report), \`started_at\`, \`finished_at\`, and for a failed import its \`error\`. ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: idParam('Import') },
  responses: { 200: ok('The import.', z.object({ success: z.literal(true), data: ZImportView }).meta({ id: 'ImportStatusResponse' })), 404: error(`\`Import not found\`. ${OTHER_ACCOUNT_404}`) },
  handler: async (call) => call.json(200, { success: true, data: await getImportOrThrow(call.runtime, { accountId: call.user.accountId, importId: call.params.id ?? '' }) }),
});
