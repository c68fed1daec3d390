// POST /api/exports' work: an owner asks for a project's cards to be exported, encrypted to a recipient's
// key. Nothing is decrypted here: the request waits for a second owner's approval (two-person rule). The
// key must pass the strength rule; a listed token must be one of this project's; at most one export per
// project is in flight (pending approval, or approved and not downloaded), checked under the project row's
// lock so two simultaneous requests cannot both pass.
import { uuidV7 } from '../crypto/uuid-v7';
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';
import type { Runtime } from '../runtime/types';
import { exportInFlight } from './export-errors';
import { EXPORT_COLUMNS, type ExportRow } from './export-row';
import { expireExports } from './expire-exports';
import { readRecipientKey } from './read-recipient-key';
import { assertProjectTokens } from './project-tokens';
import { EXPORT_APPROVAL_WINDOW_MS, type TCreateExportRequest } from './schemas';

export async function requestExport(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; requestedBy: string | null; input: TCreateExportRequest; now?: Date },
): Promise<ExportRow> {
  const { input } = options;
  const now = options.now ?? new Date();
  const project = await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: input.project_id });
  const recipient = await readRecipientKey(input.recipient_public_key);
  if (input.tokens) await assertProjectTokens(runtime, project.id, input.tokens);
  const tokens = input.tokens ? [...new Set(input.tokens)] : [];
  await expireExports(runtime, { projectId: project.id, now });
  return runtime.db.sql.transaction(async (tx) => {
    await tx.query('SELECT id FROM projects WHERE id = $1::uuid FOR UPDATE', [project.id]);
    const [inFlight] = await tx.query<{ id: string }>(
      `SELECT id FROM exports WHERE project_id = $1::uuid AND status IN ('pending_approval', 'approved') AND expires_at > $2 LIMIT 1`,
      [project.id, now],
    );
    if (inFlight) throw exportInFlight();
    const [row] = await tx.query<ExportRow>(
      `INSERT INTO exports AS e (id, project_id, status, recipient_public_key, recipient_fingerprint, "all", tokens, format, requested_by, created_at, expires_at)
       VALUES ($1::uuid, $2::uuid, 'pending_approval', $3, $4, $5, $6::text[], $7, $8::uuid, $9, $10)
       RETURNING ${EXPORT_COLUMNS}`,
      [uuidV7(now.getTime()), project.id, input.recipient_public_key, recipient.fingerprint, input.all === true, tokens, input.format, options.requestedBy, now, new Date(now.getTime() + EXPORT_APPROVAL_WINDOW_MS)],
    );
    return row!;
  });
}
