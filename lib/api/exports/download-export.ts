// GET /api/exports/{id}/download — either owner (MFA-verified) downloads an approved export, once: the
// OpenPGP file, streamed as it is made.
import { assertMfaVerified } from '../../auth/assert-mfa-verified';
import { VaultError } from '../../core/errors';
import { downloadExport } from '../../exports/download-export';
import { error } from '../../core/openapi-shapes';
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from '../../http/csrf';
import { defineRoute } from '../../http/define-route';
import { sessionFromCookie } from '../../http/session-cookie';
import { managerAuth } from '../auth/managed-route';
import { OWNER_MFA, TWO_PERSON_RULE, exportIdParam, exportNotFound404, ownerMfa403 } from './docs';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/exports/{id}/download',
  operationId: 'downloadExport',
  tags: ['Exports'],
  summary: 'Download an approved export',
  description: `${OWNER_MFA} ${TWO_PERSON_RULE} Either owner (the requester or the approver) downloads it once: the answer is an OpenPGP message (binary, \`application/pgp-encrypted\`, an attachment) encrypted to the recipient's key only, holding \`cards.csv\` (a header, then \`token, card_number, exp_month, exp_year, cardholder_name, external_id, metadata.<key>…, fingerprint\`; the \`metadata.*\` columns are every metadata key of the exported cards, sorted, found by a first pass over them) or \`cards.jsonl\` (one object per card, \`metadata\` an object). Only active card tokens: deleted, expired and destroyed tokens, and bank tokens, are not exported; CVCs never are (none is stored). The file is streamed as the cards are read and encrypted, never written to disk nor held whole in memory; the vault keeps no copy. The status becomes \`downloaded\` as the download starts (a second download is a 409); a download that breaks off puts it back to \`approved\`. When the file is complete the \`export.completed\` event is sent and the rows are counted (\`rows_exported\`). A request authenticated by the session cookie must come from the dashboard's own origin (403 \`forbidden_origin\`).`,
  auth: managerAuth('export.download', { roles: ['owner'] }),
  request: { params: exportIdParam },
  responses: {
    200: { description: 'The OpenPGP file (binary message).', content: { 'application/pgp-encrypted': { schema: { type: 'string', format: 'binary' } } } },
    403: ownerMfa403('`forbidden_origin`: a cookie-authenticated request from another origin.'),
    ...exportNotFound404,
    409: error('`conflict`: not approved yet, already downloaded, or expired.'),
  },
  // Not JSON: the handler builds its Response (a streamed attachment) itself.
  handler: async (call) => {
    const exportId = call.params.id ?? '';
    call.target.resource = `export:${exportId}`;
    // A GET, so the session routes' cross-site check lets it through: this one changes state, so it is checked.
    if (sessionFromCookie(call.request) && !isSameOriginRequest(call.request, call.runtime.config.APP_URL)) throw new VaultError('forbidden_origin', CROSS_SITE_MESSAGE);
    assertMfaVerified(call.user);
    const { row, stream } = await downloadExport(call.runtime, { accountId: call.user.accountId, exportId, userId: call.user.id, requestId: call.requestId });
    call.target.projectId = row.project_id;
    return new Response(stream, {
      headers: {
        'content-type': 'application/pgp-encrypted',
        'content-disposition': `attachment; filename="export-${row.id}.${row.format}.pgp"`,
        'cache-control': 'no-store',
        'x-request-id': call.requestId,
      },
    });
  },
});
