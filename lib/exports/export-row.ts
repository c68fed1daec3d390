// An exports row as the export domain reads it, and its presentation (ids and times: never the recipient's
// key text, never card data).
import type { ExportFormat, ExportStatus, TExportView } from './schemas';

export type ExportRow = {
  id: string;
  project_id: string;
  status: ExportStatus;
  recipient_public_key: string;
  recipient_fingerprint: string;
  all: boolean;
  tokens: string[];
  format: ExportFormat;
  requested_by: string | null;
  approved_by: string | null;
  approved_via: string | null;
  rows_exported: number | null;
  created_at: Date;
  expires_at: Date;
  approved_at: Date | null;
  downloaded_at: Date | null;
};

export const EXPORT_COLUMNS = `e.id, e.project_id, e.status::text AS status, e.recipient_public_key, e.recipient_fingerprint, e."all", e.tokens, e.format,
  e.requested_by, e.approved_by, e.approved_via, e.rows_exported, e.created_at, e.expires_at, e.approved_at, e.downloaded_at`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function presentExport(row: ExportRow): TExportView {
  return {
    id: row.id,
    project_id: row.project_id,
    status: row.status,
    format: row.format,
    all: row.all,
    tokens_count: row.tokens.length,
    recipient_fingerprint: row.recipient_fingerprint,
    requested_by: row.requested_by,
    approved_by: row.approved_by,
    approved_via: row.approved_via === 'operator' ? 'operator' : row.approved_by ? 'owner' : null,
    rows_exported: row.rows_exported,
    created_at: iso(row.created_at)!,
    expires_at: iso(row.expires_at)!,
    approved_at: iso(row.approved_at),
    downloaded_at: iso(row.downloaded_at),
  };
}

/** `export:<id>`, and who asked and who approved when known: the audit rows' resource. */
export function exportResource(row: Pick<ExportRow, 'id' | 'requested_by'>, approvedBy?: string): string {
  return [`export:${row.id}`, row.requested_by ? `requested_by:user:${row.requested_by}` : null, approvedBy ? `approved_by:${approvedBy}` : null].filter(Boolean).join(':');
}
