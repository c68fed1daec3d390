// `--retire-old`: destroys a project's earlier data key versions once no stored row needs them (tokens,
// processor configurations, webhook secrets and their previous secret). A version still in use is kept, so
// nothing stored becomes unreadable. CVC sessions live only in the volatile store (minutes, or a test
// token's year) and are not looked at: one sealed under a destroyed version no longer opens (the card must be
// collected again), which is why rotate-master wants the servers stopped.
import type { Runtime } from '../runtime/types';
import { auditKeyCommand } from './audit-key-command';

// A stamp of 0 is version 1 written before owner binding. A token holding nothing sealed (erased, issue 25)
// keeps no version alive; an expired one still does while it keeps its metadata.
const DELETE_UNUSED = `
  DELETE FROM project_data_keys AS k USING projects AS p
  WHERE k.project_id = $1::uuid AND p.id = k.project_id AND k.version < p.data_key_version
    AND NOT EXISTS (SELECT 1 FROM tokens t WHERE t.project_id = k.project_id AND GREATEST(t.key_version, 1) = k.version
      AND (t.ciphertext IS NOT NULL OR t.metadata_sealed IS NOT NULL))
    AND NOT EXISTS (SELECT 1 FROM merchants m WHERE m.project_id = k.project_id AND GREATEST(m.processor_key_version, 1) = k.version)
    AND NOT EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.project_id = k.project_id
      AND (GREATEST(w.secret_key_version, 1) = k.version OR (w.previous_secret_sealed IS NOT NULL AND GREATEST(COALESCE(w.previous_secret_key_version, 0), 1) = k.version)))
  RETURNING k.version, p.account_id`;

export async function retireDataKeys(runtime: Pick<Runtime, 'db' | 'audit' | 'logger'>, options: { projectId: string }): Promise<{ destroyed: number[] }> {
  const rows = await runtime.db.sql.query<{ version: number; account_id: string }>(DELETE_UNUSED, [options.projectId]);
  for (const row of rows) {
    await auditKeyCommand(runtime, {
      action: 'keys.retire_data_key',
      accountId: row.account_id,
      projectId: options.projectId,
      resource: `project:${options.projectId}:data-key-v${row.version}`,
    });
  }
  return { destroyed: rows.map((row) => row.version).sort((a, b) => a - b) };
}
