// GET /api/imports/{id}/mapping — the old ids and the tokens they became, as CSV (any role).
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, error, idParam } from '../../core/openapi-shapes';
import { csvDownload } from '../../imports/import-download';
import { getImportOrThrow } from '../../imports/imports';
import { writeMappingCsv } from '../../imports/import-outputs';
import { z } from 'zod';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/imports/{id}/mapping',
  operationId: 'getImportMapping',
  tags: ['Imports'],
  summary: 'Download an import\'s mapping',
  description: `${ANY_ROLE} A CSV download (\`Content-Disposition: attachment\`) of \`external_id, token, brand, last4, exp_month, exp_year, fingerprint\`: one line per imported row, and per row skipped because its \`external_id\` was already imported (with the existing token). No card data. Complete once the import has ended (while it runs: the rows so far). ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: idParam('Import') },
  responses: {
    200: { description: 'The mapping.', content: { 'text/csv': { schema: z.string() } } },
    404: error(`\`Import not found\`. ${OTHER_ACCOUNT_404}`),
  },
  handler: async (call) => {
    const found = await getImportOrThrow(call.runtime, { accountId: call.user.accountId, importId: call.params.id ?? '' });
    return csvDownload(call.runtime, { filename: `import-${found.id}.mapping.csv`, requestId: call.requestId, write: (out) => writeMappingCsv(call.runtime, found.id, out) });
  },
});
