// POST /api/imports?project_id=…&format=csv|jsonl — upload an OpenPGP-encrypted card file (owner or admin);
// the background job imports it.
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, error, ok } from '../../core/openapi-shapes';
import { VaultError } from '../../core/errors';
import { mediaType } from '../../core/json-body';
import { getImportOrThrow } from '../../imports/imports';
import { emptyFile, receiveImportFile, tooLarge } from '../../imports/receive-import-file';
import { ZCreateImportQuerySchema, ZImportView } from '../../imports/schemas';
import { getProjectRowOrThrow } from '../../projects/get-project-or-throw';

const FILE_TYPES = ['application/pgp-encrypted', 'application/octet-stream'];
const file = { schema: z.string().meta({ format: 'binary', description: 'The OpenPGP-encrypted file (binary or ASCII-armored), as the sender made it.' }) };

export const POST = defineRoute({
  method: 'POST',
  path: '/api/imports',
  operationId: 'createImport',
  tags: ['Imports'],
  summary: 'Upload a card file to import',
  description: `${MANAGERS_ONLY} The request body is the file, OpenPGP-encrypted to one of the project's import keys (POST /api/import-keys), as raw bytes with \`Content-Type: application/pgp-encrypted\` or \`application/octet-stream\`. It is stored encrypted, as received (streamed in 1 MiB chunks, at most IMPORT_MAX_BYTES, 2 GiB by default), until its import ends, and the answer is the import, \`queued\`. A background job then runs it: an integrity pass first (decrypt, verify, count the rows; nothing is stored: a tampered file, one encrypted to another key, or one that does not parse imports nothing and the import \`failed\`), then the import in batches (resumed after the last committed batch if a node dies). Follow it with GET /api/imports/{id}; the mapping and the report are downloads. Columns (CSV with a header, or JSON Lines): \`card_number\`, \`exp_month\`, \`exp_year\` required; \`cardholder_name\`, \`external_id\`, \`metadata.<key>\` optional; bank rows \`type=bank\` with \`account_number\`, \`routing_number\`, \`account_type\`. Audited (\`import.create\`).`,
  auth: managerAuth('import.create'),
  request: {
    query: ZCreateImportQuerySchema,
    body: { required: true, content: { 'application/pgp-encrypted': file, 'application/octet-stream': file } },
  },
  responses: {
    201: ok('The import, queued.', z.object({ success: z.literal(true), data: ZImportView }).meta({ id: 'ImportResponse' })),
    400: error('`validation_error`: an empty body, or a bad `project_id` or `format` (`csv` or `jsonl`).'),
    404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`),
    413: error('`payload_too_large`: the file is larger than IMPORT_MAX_BYTES (2 GiB by default); nothing is kept.'),
    415: error('`unsupported_media_type`: Content-Type is not `application/pgp-encrypted` or `application/octet-stream`.'),
  },
  handler: async (call) => {
    const query = call.input.query();
    await getProjectRowOrThrow(call.runtime, { accountId: call.user.accountId, projectId: query.project_id });
    call.target.projectId = query.project_id;
    if (!FILE_TYPES.includes(mediaType(call.request))) {
      throw new VaultError('unsupported_media_type', 'Content-Type must be application/pgp-encrypted or application/octet-stream');
    }
    const max = call.runtime.config.IMPORT_MAX_BYTES;
    const declared = call.request.headers.get('content-length');
    if (declared !== null && Number(declared) > max) throw tooLarge(max);
    if (declared !== null && Number(declared) === 0) throw emptyFile();
    const received = await receiveImportFile(call.runtime, { projectId: query.project_id, format: query.format, createdBy: call.user.id, body: call.bodyStream!, maxBytes: max });
    call.target.resource = `import:${received.id}`;
    return call.json(201, { success: true, data: await getImportOrThrow(call.runtime, { accountId: call.user.accountId, importId: received.id }) });
  },
});
