'use client';
// The audit rows and a drawer with every field of one (as GET /api/audit-logs presents it). The rows are
// already on the page, so the drawer needs no request; `focus` opens a linked row (the chain's first broken row).
import { useState } from 'react';
import { Badge } from '../../ui/badge';
import { column, DataTable, type Column } from '../../ui/data-table';
import { DetailList, Drawer } from '../../ui/drawer';
import { formatDateTime } from '../../ui/format';
import type { ReactNode } from 'react';
import { OPERATOR_ACTOR } from './operator-actor';

export type AuditRow = {
  id: string;
  action: string;
  outcome: 'success' | 'failure';
  status_code: number;
  actor: { type: 'user'; id: string; application_id: string | null } | { type: 'application'; id: string } | { type: 'operator' } | null;
  project_id: string | null;
  token_id: string | null;
  resource: string | null;
  ip: string | null;
  request_id: string;
  created_at: string;
  sealed: boolean;
};

function named(id: string | null | undefined, names: Record<string, string>): string {
  if (!id) return '—';
  return names[id] ?? id;
}

function actorOf(row: AuditRow, names: Record<string, string>): string {
  if (!row.actor) return 'unknown';
  if (row.actor.type === 'operator') return OPERATOR_ACTOR;
  const via = row.actor.type === 'user' && row.actor.application_id ? ` via ${named(row.actor.application_id, names)}` : '';
  return `${named(row.actor.id, names)}${via}`;
}

export function AuditTable({ rows, names, focus, empty }: { rows: AuditRow[]; names: Record<string, string>; focus?: string; empty: ReactNode }) {
  const [openId, setOpenId] = useState<string | undefined>(focus && rows.some((row) => row.id === focus) ? focus : undefined);
  const open = rows.find((row) => row.id === openId);
  const columns: Array<Column<AuditRow>> = [
    column('created_at', 'Time', (row) => formatDateTime(row.created_at)),
    column('action', 'Action', (row) => row.action, { mono: true, strong: true }),
    column('outcome', 'Outcome', (row) => <Badge tone={row.outcome === 'success' ? 'ok' : 'danger'}>{`${row.outcome} ${row.status_code}`}</Badge>),
    column('actor', 'Actor', (row) => actorOf(row, names)),
    column('project', 'Project', (row) => named(row.project_id, names)),
    column('resource', 'Resource', (row) => row.resource ?? '—', { mono: true }),
  ];
  return (
    <>
      <DataTable label="Audit rows" columns={columns} rows={rows} rowId={(row) => row.id} onView={(row) => setOpenId(row.id)} viewLabel={(row) => `View audit row ${row.action} at ${formatDateTime(row.created_at)}`} rowTestId="audit-row" empty={empty} />
      {open && (
        <Drawer open={!!open} onOpenChange={(next) => !next && setOpenId(undefined)} title={`Audit row: ${open.action}`}>
          <DetailList
            items={[
              ['ID', <span className="font-mono" data-testid="audit-row-id">{open.id}</span>],
              ['Action', <span className="font-mono">{open.action}</span>],
              ['Outcome', open.outcome],
              ['Status', String(open.status_code)],
              ['Actor', open.actor && open.actor.type !== 'operator' ? `${open.actor.type} ${actorOf(open, names)}` : actorOf(open, names)],
              ['Actor id', open.actor && 'id' in open.actor ? <span className="font-mono">{open.actor.id}</span> : '—'],
              ['Project', open.project_id ? `${named(open.project_id, names)} (${open.project_id})` : '—'],
              ['Token', open.token_id ? <span className="font-mono">{open.token_id}</span> : '—'],
              ['Resource', open.resource ? <span className="font-mono">{open.resource}</span> : '—'],
              ['IP', open.ip ?? '—'],
              ['Request id', <span className="font-mono">{open.request_id}</span>],
              ['Created', formatDateTime(open.created_at)],
              ['Sealed', open.sealed ? 'Yes: in the hash chain' : 'Not yet'],
            ]}
          />
        </Drawer>
      )}
    </>
  );
}
