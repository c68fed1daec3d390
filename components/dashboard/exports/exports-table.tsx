'use client';
// The project's exports on the Exports page (issue 26): when, status, what (every card or N tokens, the
// format), the recipient key's fingerprint (copyable), who requested and who approved, the rows written; an
// owner other than the requester approves a pending request (after confirming), and either owner downloads
// an approved one once (a same-origin link: the browser streams the OpenPGP file to disk).
import { useRouter } from 'next/navigation';
import type { TExportView } from '@/lib/exports/schemas';
import { operations } from '../../ui/api-operations';
import { operationUrl } from '../../ui/api-url';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button, buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { column, DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format';
import { useApiAction } from '../../ui/use-api-action';

const TONES: Record<TExportView['status'], BadgeTone> = { pending_approval: 'warn', approved: 'accent', downloaded: 'ok', expired: 'neutral' };
const LABELS: Record<TExportView['status'], string> = { pending_approval: 'Pending approval', approved: 'Approved', downloaded: 'Downloaded', expired: 'Expired' };

export type ExportsTableProps = {
  exports: TExportView[];
  /** Member names by id (requested_by, approved_by). */
  members: Record<string, string>;
  me: string;
  /** The signed-in member is an owner with MFA on: may approve and download. */
  canAct: boolean;
};

const short = (id: string) => id.slice(-8);

function ApproveButton({ row }: { row: TExportView }) {
  const run = useApiAction();
  return (
    <ConfirmDialog
      variant="primary"
      trigger={
        <Button size="sm" variant="primary" aria-label={`Approve export ${short(row.id)}`}>
          Approve
        </Button>
      }
      title="Approve this export?"
      description={`${row.all ? 'Every active card of the project' : `${row.tokens_count} listed tokens`} will be decrypted when it is downloaded, encrypted to the key ${row.recipient_fingerprint} only. Approve only if you know who holds that key and why they need the cards.`}
      confirmLabel="Approve export"
      onConfirm={async () => {
        const result = await run('approveExport', { params: { id: row.id } }, { success: 'Export approved: either owner may download it once' });
        if (!result.ok) return result.message;
      }}
    />
  );
}

function DownloadLink({ row }: { row: TExportView }) {
  const router = useRouter();
  return (
    <a
      className={buttonClass('primary', 'sm')}
      href={operationUrl(operations.downloadExport[1], { id: row.id })}
      download
      aria-label={`Download export ${short(row.id)}`}
      // The status becomes `downloaded` as the file starts: show it once the browser has taken over.
      onClick={() => setTimeout(() => router.refresh(), 1500)}
    >
      Download
    </a>
  );
}

function Who({ id, members, me, operator }: { id: string | null; members: Record<string, string>; me: string; operator?: boolean }) {
  if (operator) return <span className="text-muted">Operator (CLI)</span>;
  if (!id) return <span className="text-muted">—</span>;
  return <span>{id === me ? 'You' : (members[id] ?? 'A former member')}</span>;
}

export function ExportsTable({ exports, members, me, canAct }: ExportsTableProps) {
  // Few columns, each holding two lines, so the table fits 1280 px with the sidebar (it scrolls at 360).
  const columns = [
    column<TExportView>('status', 'Status', (row) => (
      <div className="space-y-0.5">
        <Badge tone={TONES[row.status]}>{LABELS[row.status]}</Badge>
        <p className="text-xs text-muted">Requested {formatDateTime(row.created_at)}</p>
        {(row.status === 'pending_approval' || row.status === 'approved') && <p className="text-xs text-muted">Expires {formatDateTime(row.expires_at)}</p>}
      </div>
    )),
    column<TExportView>('what', 'Cards', (row) => (
      <div className="space-y-0.5">
        <p>{`${row.all ? 'All' : `${row.tokens_count.toLocaleString('en')} tokens`} · ${row.format === 'csv' ? 'CSV' : 'JSON Lines'}`}</p>
        {row.rows_exported !== null && <p className="text-xs text-muted">{`${row.rows_exported.toLocaleString('en')} ${row.rows_exported === 1 ? 'row' : 'rows'} written`}</p>}
      </div>
    )),
    column<TExportView>('recipient', 'Recipient key', (row) => (
      <div className="flex items-center gap-2">
        <code className="font-mono text-xs" title={row.recipient_fingerprint}>
          …{row.recipient_fingerprint.slice(-16).toUpperCase()}
        </code>
        <CopyButton value={row.recipient_fingerprint} label={`fingerprint of export ${short(row.id)}'s recipient key`} />
      </div>
    )),
    column<TExportView>('people', 'Requested and approved by', (row) => (
      <div className="max-w-64 space-y-0.5 break-words text-xs">
        <p>
          <span className="text-muted">By </span>
          <Who id={row.requested_by} members={members} me={me} operator={row.approved_via === 'operator' && !row.requested_by} />
        </p>
        <p>
          <span className="text-muted">Approved by </span>
          <Who id={row.approved_by} members={members} me={me} operator={row.approved_via === 'operator'} />
        </p>
      </div>
    )),
    column<TExportView>('actions', 'Actions', (row) => {
      if (!canAct) return null;
      if (row.status === 'pending_approval') {
        return row.requested_by === me ? <span className="text-xs text-muted">Waiting for another owner</span> : <ApproveButton row={row} />;
      }
      if (row.status === 'approved') return <DownloadLink row={row} />;
      return null;
    }),
  ];
  return (
    <DataTable
      label="Exports"
      columns={columns}
      rows={exports}
      rowId={(row) => row.id}
      rowTestId="export-row"
      empty={<EmptyState title="No exports yet">An owner requests one with the recipient&apos;s public key; a second owner approves it; then either downloads the encrypted file once.</EmptyState>}
    />
  );
}
