// GET /api/imports/{id}/report — the rows that were not imported, as CSV (any role).
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, error, idParam } from '../../core/openapi-shapes';
import { csvDownload } from '../../imports/import-download';
import { getImportOrThrow } from '../../imports/imports';
import { writeReportCsv } from '../../imports/import-outputs';
import { z } from 'zod';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/imports/{id}/report',
  operationId: 'getImportReport',
  tags: ['Imports'],
  summary: 'Download an import\'s report',
  description: `${ANY_ROLE} A CSV download (\`Content-Disposition: attachment\`) of \`row, external_id, code, field\`: one line per row that was skipped or refused, with the reason's code and the field at fault. Never a card number or any part of one beyond the last 4, never the raw line. Complete once the import has ended (while it runs: the rows so far). ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: idParam('Import') },
  responses: {
    200: { description: 'The report.', content: { 'text/csv': { schema: z.string() } } },
    404: error(`\`Import not found\`. ${OTHER_ACCOUNT_404}`),
  },
  handler: async (call) => {
    const found = await getImportOrThrow(call.runtime, { accountId: call.user.accountId, importId: call.params.id ?? '' });
    return csvDownload(call.runtime, { filename: `import-${found.id}.report.csv`, requestId: call.requestId, write: (out) => writeReportCsv(call.runtime, found.id, out) });
  },
});
