// POST /api/import-keys — a new OpenPGP key pair for receiving card files (owner, MFA-verified session).
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { OTHER_ACCOUNT_404, error, json, ok } from '../../core/openapi-shapes';
import { createImportKey } from '../../imports/import-keys';
import { ZCreateImportKeyRequestSchema, ZImportKeyView } from '../../imports/schemas';
import { getProjectRowOrThrow } from '../../projects/get-project-or-throw';
import { z } from 'zod';

export const POST = defineRoute({
  method: 'POST',
  path: '/api/import-keys',
  operationId: 'createImportKey',
  tags: ['Imports'],
  summary: 'Create an import key',
  description:
    'Only the **owner**, in a session verified with MFA (a user without MFA gets 403 `mfa_required`). Makes an OpenPGP key pair (Curve25519 by default, or RSA-4096) for the project: the private key is wrapped by the master key at once and never leaves the vault; the armored public key and its fingerprint are what the sender gets (`gpg --recipient-file key.asc --encrypt cards.csv`). Audited (`import_key.create`).',
  auth: managerAuth('import_key.create', { roles: ['owner'], mfaVerified: true }),
  request: { body: json(ZCreateImportKeyRequestSchema) },
  responses: {
    201: ok('The key.', z.object({ success: z.literal(true), data: ZImportKeyView }).meta({ id: 'ImportKeyResponse' })),
    404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`),
  },
  handler: async (call) => {
    const body = call.input.body();
    await getProjectRowOrThrow(call.runtime, { accountId: call.user.accountId, projectId: body.project_id });
    call.target.projectId = body.project_id;
    const key = await createImportKey(call.runtime, { projectId: body.project_id, algorithm: body.algorithm, createdBy: call.user.id });
    call.target.resource = `import_key:${key.fingerprint}`;
    return call.json(201, { success: true, data: key });
  },
});
