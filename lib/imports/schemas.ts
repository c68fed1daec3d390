// The import keys' and imports' API shapes (issue 26): requests, queries and views, documented once here
// for the routes (lib/api/import-keys, lib/api/imports) and the dashboard's typed client.
import { z } from 'zod';
import { cursorField, pageLimitField, required } from '../core/query-fields';
import { isUuid } from '../core/uuid';

const projectIdField = () => z.uuid({ error: (issue) => (issue.input === undefined ? 'project_id is required' : 'project_id must be a UUID') });

export const IMPORT_KEY_ALGORITHMS = ['curve25519', 'rsa4096'] as const;

export const ZImportKeyView = z
  .object({
    fingerprint: z.string().meta({ description: 'The OpenPGP fingerprint, lowercase hex (40 characters): what a sender checks and what revoke takes.' }),
    project_id: z.string(),
    algorithm: z.enum(IMPORT_KEY_ALGORITHMS).meta({ description: '`curve25519` (EdDSA + ECDH, the v4 form GnuPG 2.2 reads) or `rsa4096`.' }),
    public_key: z.string().meta({ description: 'The armored public key to give the sender: they encrypt the card file to it.' }),
    created_at: z.string(),
    revoked_at: z.string().nullable().meta({ description: 'When it was revoked: a revoked key decrypts nothing more.' }),
  })
  .meta({ id: 'ImportKey' });

export const ZListImportKeysQuerySchema = z.strictObject({ project_id: projectIdField() });

export const ZCreateImportKeyRequestSchema = z.strictObject({
  project_id: projectIdField(),
  algorithm: z
    .enum(IMPORT_KEY_ALGORITHMS, { error: required('algorithm', IMPORT_KEY_ALGORITHMS.join(' or ')) })
    .default('curve25519')
    .meta({ description: 'Default `curve25519`; `rsa4096` for senders whose tools need RSA (slower to make: a few seconds).' }),
});

export const ZFingerprintParam = z.object({ fingerprint: z.string().meta({ description: 'The key\'s fingerprint (hex; spaces, colons and case are ignored).' }) });

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const IMPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const ZImportView = z
  .object({
    id: z.string(),
    project_id: z.string(),
    status: z.enum(IMPORT_STATUSES).meta({ description: '`queued` until the background job takes it, `running`, then `completed`, `failed` or `cancelled`.' }),
    format: z.enum(IMPORT_FORMATS),
    rows_total: z.number().int().nullable().meta({ description: 'Data rows in the file (a CSV header is not one), counted by the integrity pass; null before it ends.' }),
    rows_done: z.number().int().meta({ description: 'Data rows whose batch is committed (the progress: rows_done of rows_total).' }),
    rows_imported: z.number().int(),
    rows_skipped: z.number().int().meta({ description: 'Rows not imported because they already were (the same `external_id` in this project); the mapping keeps their existing token.' }),
    rows_failed: z.number().int().meta({ description: 'Rows refused by validation: each is in the report (row, external_id, code, field).' }),
    cancel_requested: z.boolean().meta({ description: 'A cancel was asked while it ran: it stops after the batch in flight.' }),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: 'Why a failed import failed (never file content); null otherwise.' }),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Import' });
export type ImportView = z.output<typeof ZImportView>;

export const ZCreateImportQuerySchema = z.strictObject({
  project_id: projectIdField(),
  format: z
    .enum(IMPORT_FORMATS, { error: required('format', 'csv or jsonl') })
    .default('csv')
    .meta({ description: '`csv` (with a header; the default) or `jsonl` (JSON Lines).' }),
});

export const ZListImportsQuerySchema = z.strictObject({
  project_id: projectIdField(),
  limit: pageLimitField(25, 100),
  cursor: cursorField(isUuid).optional(),
});
export type TListImportsQuery = z.infer<typeof ZListImportsQuerySchema>;
