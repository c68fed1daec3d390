// GET /api/import-keys?project_id= — a project's import keys, newest first (owner or admin: they upload files).
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { OTHER_ACCOUNT_404, dataResponse, error, ok } from '../../core/openapi-shapes';
import { listImportKeys } from '../../imports/import-keys';
import { ZImportKeyView, ZListImportKeysQuerySchema } from '../../imports/schemas';
import { getProjectRowOrThrow } from '../../projects/get-project-or-throw';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/import-keys',
  operationId: 'listImportKeys',
  tags: ['Imports'],
  summary: 'List a project\'s import keys',
  description:
    'Owners and admins (the roles that upload import files). The project\'s OpenPGP import keys, newest first, revoked ones included: fingerprint, algorithm, the armored public key a sender encrypts card files to, and when it was made and revoked. Private keys never leave the vault.',
  auth: sessionAuth({ roles: ['owner', 'admin'] }),
  request: { query: ZListImportKeysQuerySchema },
  responses: { 200: ok('The keys.', dataResponse('ImportKeyList', z.array(ZImportKeyView))), 404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`) },
  handler: async (call) => {
    const { project_id } = call.input.query();
    await getProjectRowOrThrow(call.runtime, { accountId: call.user.accountId, projectId: project_id });
    return call.json(200, { success: true, data: await listImportKeys(call.runtime, { projectId: project_id }) });
  },
});
