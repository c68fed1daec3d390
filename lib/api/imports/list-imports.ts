// GET /api/imports?project_id= — a project's imports, newest first, cursor-paginated (any role).
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, error, ok, pageResponse } from '../../core/openapi-shapes';
import { listImports } from '../../imports/imports';
import { ZImportView, ZListImportsQuerySchema } from '../../imports/schemas';
import { getProjectRowOrThrow } from '../../projects/get-project-or-throw';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/imports',
  operationId: 'listImports',
  tags: ['Imports'],
  summary: 'List a project\'s imports',
  description: `${ANY_ROLE} Newest first, \`limit\` (default 25, at most 100) per page; pass \`next_cursor\` as \`cursor\` for the next. Counts only: never file content.`,
  auth: sessionAuth(),
  request: { query: ZListImportsQuerySchema },
  responses: { 200: ok('A page of imports.', pageResponse('ImportPage', ZImportView)), 404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`) },
  handler: async (call) => {
    const query = call.input.query();
    await getProjectRowOrThrow(call.runtime, { accountId: call.user.accountId, projectId: query.project_id });
    const page = await listImports(call.runtime, { projectId: query.project_id, query });
    return call.json(200, { success: true, data: page.rows, next_cursor: page.nextCursor });
  },
});
