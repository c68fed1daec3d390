// A short list of audit rows (a token's trail in its drawer): when, what, outcome, who. Links to the
// row in the audit log, where its drawer shows every field.
import { Badge } from '../../ui/badge';
import { formatDateTime } from '../../ui/format';
import { OPERATOR_ACTOR } from './operator-actor';

export type AuditTrailRow = {
  id: string;
  action: string;
  outcome: 'success' | 'failure';
  status_code: number;
  actor: { type: 'user' | 'application'; id: string } | { type: 'operator' } | null;
  created_at: string;
};

export function actorText(actor: AuditTrailRow['actor'], names: Record<string, string> = {}): string {
  if (!actor) return 'unknown';
  if (actor.type === 'operator') return OPERATOR_ACTOR;
  return names[actor.id] ?? `${actor.type} ${actor.id.slice(0, 8)}`;
}

export function AuditTrail({ rows, empty }: { rows: AuditTrailRow[]; empty: string }) {
  if (rows.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ol className="divide-y divide-line rounded-lg border border-line" aria-label="Audit trail">
      {rows.map((row) => (
        <li key={row.id} data-testid="audit-trail-row" className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2">
          <span className="font-mono text-[13px] text-strong">{row.action}</span>
          <Badge tone={row.outcome === 'success' ? 'ok' : 'danger'}>
            {row.outcome} {row.status_code}
          </Badge>
          <span className="w-full text-xs text-muted">
            {formatDateTime(row.created_at)} · {actorText(row.actor)}
          </span>
        </li>
      ))}
    </ol>
  );
}
