// POST /api/imports/{id}/cancel — cancel an import (owner or admin).
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, error, idParam, ok } from '../../core/openapi-shapes';
import { cancelImport } from '../../imports/imports';
import { ZImportView } from '../../imports/schemas';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/imports/{id}/cancel',
  operationId: 'cancelImport',
  tags: ['Imports'],
  summary: 'Cancel an import',
  description: `${MANAGERS_ONLY} A queued import is \`cancelled\` at once and its stored file deleted. A running one gets \`cancel_requested: true\` and stops after the batch in flight (that batch commits whole, nothing after it is written), then ends \`cancelled\`: the rows already imported stay, and the mapping lists them. Audited (\`import.cancel\`).`,
  auth: managerAuth('import.cancel'),
  request: { params: idParam('Import') },
  responses: {
    200: ok('The import, cancelled or with cancel_requested.', z.object({ success: z.literal(true), data: ZImportView }).meta({ id: 'CancelledImportResponse' })),
    404: error(`\`Import not found\`. ${OTHER_ACCOUNT_404}`),
    409: error('`conflict`: the import has already ended (completed, failed or cancelled).'),
  },
  handler: async (call) => {
    const cancelled = await cancelImport(call.runtime, { accountId: call.user.accountId, importId: call.params.id ?? '' });
    call.target.projectId = cancelled.project_id;
    return call.json(200, { success: true, data: cancelled });
  },
});
