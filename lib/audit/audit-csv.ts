// CSV export of audit rows (RFC 4180 quoting; cells that a spreadsheet would run as a formula are
// prefixed with a quote).
import type { presentAuditRow } from './list-audit-logs';

const HEADER = ['id', 'created_at', 'action', 'outcome', 'status_code', 'actor_type', 'actor_id', 'application_id', 'project_id', 'token_id', 'resource', 'ip', 'request_id', 'sealed'];

function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(rows: ReturnType<typeof presentAuditRow>[]): string {
  const lines = rows.map((row) =>
    [row.id, row.created_at, row.action, row.outcome, row.status_code, row.actor?.type, row.actor && 'id' in row.actor ? row.actor.id : null, row.actor && 'application_id' in row.actor ? row.actor.application_id : row.actor?.type === 'application' ? row.actor.id : null, row.project_id, row.token_id, row.resource, row.ip, row.request_id, row.sealed].map(cell).join(','),
  );
  return `${[HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
