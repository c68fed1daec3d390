// POST /api/exports — an owner (MFA-verified) asks for a project's cards, encrypted to a recipient's key.
import { assertMfaVerified } from '../../auth/assert-mfa-verified';
import { error, json, ok } from '../../core/openapi-shapes';
import { presentExport } from '../../exports/export-row';
import { requestExport } from '../../exports/request-export';
import { ZCreateExportRequestSchema } from '../../exports/schemas';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { OWNER_MFA, TWO_PERSON_RULE, ZExportResponse, ownerMfa403 } from './docs';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/exports',
  operationId: 'createExport',
  tags: ['Exports'],
  summary: 'Request a card export',
  description: `${OWNER_MFA} ${TWO_PERSON_RULE} The recipient's key must be RSA of 3072 bits or more, or Curve25519 (the key that encrypts: its encryption subkey); anything else is a 400 naming \`recipient_public_key\` with the reason. Send exactly one of \`tokens\` (each a token of this project; deleted or expired ones are accepted but never exported) and \`all: true\`. Nothing is decrypted until the approval; the file is made only when it is downloaded (GET /api/exports/{id}/download).`,
  auth: managerAuth('export.request', { roles: ['owner'] }),
  request: { body: json(ZCreateExportRequestSchema) },
  responses: {
    201: ok('Requested: `pending_approval` until another owner approves it.', ZExportResponse),
    400: error('`validation_error` naming the field: `recipient_public_key` (not an armored public key, a private key, a weak or unsupported key: the reason is given), `tokens` (empty, too many, both or neither of `tokens` and `all`, or values that are not tokens of this project, named by position), `format`.'),
    403: ownerMfa403(),
    404: error('`Project not found`: no such project in the account (another account\'s is the same 404).'),
    409: error('`conflict`: this project already has an export in flight (pending approval, or approved and not downloaded).'),
  },
  handler: async (call) => {
    assertMfaVerified(call.user);
    const body = call.input.body();
    call.target.projectId = body.project_id;
    const row = await requestExport(call.runtime, { accountId: call.user.accountId, requestedBy: call.user.id, input: body });
    call.target.resource = `export:${row.id}`;
    return call.json(201, { success: true, data: presentExport(row) });
  },
});
