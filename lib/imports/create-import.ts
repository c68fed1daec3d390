// An import's row (issue 26), status `queued`: what the engine (./run-import.ts) later claims and runs. The
// API stores the uploaded file's chunks under it; the CLI streams its file itself. `options` holds public
// settings only (token format, deduplicate, column renames, the signer's public key, the file's SHA-256).
import { uuidV7 } from '../crypto/uuid-v7';
import type { Runtime } from '../runtime/types';
import type { TokenFormat } from '../tokens/token-format-names';

export type ImportSource = 'api' | 'cli';
export type ImportFileFormat = 'csv' | 'jsonl';

export type ImportOptions = {
  tokenFormat?: TokenFormat;
  deduplicate?: boolean;
  /** Column renames: the file's column name → ours (`card_number`, `metadata.<key>`, …). */
  map?: Record<string, string>;
  /** The armored public key that verifies the file's signature (required with `requireSigner`). */
  signerKey?: string;
  /** SHA-256 (hex) of the encrypted file, set by its integrity pass: how the CLI finds an import to resume. */
  fileSha256?: string;
};

export async function createImport(
  runtime: Pick<Runtime, 'db'>,
  input: {
    projectId: string;
    source: ImportSource;
    format: ImportFileFormat;
    options: ImportOptions;
    requireSigner?: string | null;
    createdBy?: string | null;
  },
): Promise<{ id: string }> {
  const id = uuidV7();
  await runtime.db.sql.query(
    `INSERT INTO imports (id, project_id, source, format, status, require_signer, options, created_by)
     VALUES ($1::uuid, $2::uuid, $3, $4, 'queued', $5, $6::jsonb, $7::uuid)`,
    [id, input.projectId, input.source, input.format, input.requireSigner ?? null, JSON.stringify(input.options ?? {}), input.createdBy ?? null],
  );
  return { id };
}
