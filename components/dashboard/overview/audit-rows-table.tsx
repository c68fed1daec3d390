// A short list of audit rows as GET /api/audit-logs presents them (when, action, outcome, status, who, IP),
// server-rendered: the overview's recent security events and recent activity.
import type { z } from 'zod';
import type { ZAuditLogView } from '@/lib/audit/schemas';
import { Badge } from '../../ui/badge';
import { formatDateTime } from '../../ui/format';
import { OPERATOR_ACTOR } from '../audit/operator-actor';

type AuditRow = z.output<typeof ZAuditLogView>;

function actorOf(row: AuditRow): string {
  if (!row.actor) return '—';
  if (row.actor.type === 'operator') return OPERATOR_ACTOR;
  return `${row.actor.type === 'user' ? 'User' : 'Application'} ${row.actor.id.slice(0, 8)}`;
}

export function AuditRowsTable({ label, rows, empty }: { label: string; rows: AuditRow[]; empty: string }) {
  if (rows.length === 0) return <p className="px-5 py-6 text-sm text-muted">{empty}</p>;
  return (
    // Focusable region: a keyboard user can scroll the table sideways at 360 px (axe: scrollable-region-focusable).
    <div className="overflow-x-auto" role="group" aria-label={label} tabIndex={0}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs text-muted">
          <tr>
            {['When', 'Action', 'Outcome', 'Status', 'Actor', 'IP'].map((head) => (
              <th key={head} scope="col" className="whitespace-nowrap px-4 py-2 font-medium">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="whitespace-nowrap px-4 py-2.5 text-fg">{formatDateTime(row.created_at)}</td>
              <td className="whitespace-nowrap px-4 py-2.5 font-mono text-[13px] text-strong">{row.action}</td>
              <td className="whitespace-nowrap px-4 py-2.5">
                <Badge tone={row.outcome === 'success' ? 'ok' : 'danger'}>{row.outcome}</Badge>
              </td>
              <td className="whitespace-nowrap px-4 py-2.5 font-mono text-[13px] text-fg">{row.status_code}</td>
              <td className="whitespace-nowrap px-4 py-2.5 text-fg">{actorOf(row)}</td>
              <td className="whitespace-nowrap px-4 py-2.5 font-mono text-[13px] text-fg">{row.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
