// POST /api/import-keys/{fingerprint}/revoke — files encrypted to the key can no longer be imported (owner, MFA-verified session).
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { OTHER_ACCOUNT_404, error, ok } from '../../core/openapi-shapes';
import { VaultError } from '../../core/errors';
import { normaliseFingerprint } from '../../crypto/openpgp-keys';
import { findImportKey, revokeImportKey } from '../../imports/import-keys';
import { ZFingerprintParam, ZImportKeyView } from '../../imports/schemas';

const notFound = () => new VaultError('not_found', 'Import key not found');

export const POST = defineRoute({
  method: 'POST',
  path: '/api/import-keys/{fingerprint}/revoke',
  operationId: 'revokeImportKey',
  tags: ['Imports'],
  summary: 'Revoke an import key',
  description:
    'Only the **owner**, in a session verified with MFA (403 `mfa_required` otherwise). The key decrypts nothing more: an import of a file encrypted only to it fails its integrity pass. Idempotent: a revoked key keeps its first `revoked_at`. Audited (`import_key.revoke`).',
  auth: managerAuth('import_key.revoke', { roles: ['owner'], mfaVerified: true }),
  request: { params: ZFingerprintParam },
  responses: {
    200: ok('The revoked key.', z.object({ success: z.literal(true), data: ZImportKeyView }).meta({ id: 'RevokedImportKeyResponse' })),
    404: error(`\`Import key not found\`. ${OTHER_ACCOUNT_404}`),
  },
  handler: async (call) => {
    const fingerprint = normaliseFingerprint(call.params.fingerprint ?? '');
    call.target.resource = `import_key:${fingerprint}`;
    const found = /^[0-9a-f]{40,64}$/.test(fingerprint) ? await findImportKey(call.runtime, fingerprint) : null;
    const [project] = found
      ? await call.runtime.db.sql.query<{ id: string }>('SELECT id FROM projects WHERE id = $1::uuid AND account_id = $2::uuid', [found.project_id, call.user.accountId])
      : [];
    if (!found || !project) throw notFound();
    call.target.projectId = found.project_id;
    return call.json(200, { success: true, data: (await revokeImportKey(call.runtime, fingerprint))! });
  },
});
