'use client';
// The project's imports on the Imports page (issue 26): status, a progress bar (rows committed of the rows
// the integrity pass counted; indeterminate while it runs), the counts, the report and mapping downloads and,
// for owners and admins, cancel. The page reloads itself every 2 s while an import is queued or running.
import type { ImportView } from '@/lib/imports/schemas';
import { operations } from '../../ui/api-operations';
import { operationUrl } from '../../ui/api-url';
import { AutoRefresh } from '../../ui/auto-refresh';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button, buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { column, DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format';
import { useApiAction } from '../../ui/use-api-action';

const TONES: Record<ImportView['status'], BadgeTone> = { queued: 'neutral', running: 'accent', completed: 'ok', failed: 'danger', cancelled: 'warn' };
const active = (row: ImportView) => row.status === 'queued' || row.status === 'running';

function Progress({ row }: { row: ImportView }) {
  const label = `Progress of import ${row.id.slice(-8)}`;
  if (row.status === 'queued') return <span className="text-muted">Waiting to start</span>;
  if (row.rows_total === null) {
    // Running: the integrity pass is still counting (no total yet). Ended before it: nothing to show.
    if (row.status !== 'running') return <span className="text-muted">—</span>;
    return (
      <div className="space-y-1">
        <progress aria-label={label} className="h-2 w-32 accent-accent" />
        <p className="text-xs text-muted">Checking the file…</p>
      </div>
    );
  }
  const done = row.status === 'completed' ? row.rows_total : row.rows_done;
  const percent = row.rows_total === 0 ? 100 : Math.floor((done / row.rows_total) * 100);
  return (
    <div className="space-y-1">
      <progress aria-label={label} value={done} max={Math.max(row.rows_total, 1)} className="h-2 w-32 accent-accent" />
      <p className="text-xs text-muted">
        {done.toLocaleString('en')} of {row.rows_total.toLocaleString('en')} rows ({percent} %)
      </p>
    </div>
  );
}

function Results({ row }: { row: ImportView }) {
  return (
    <div className="space-y-0.5 text-xs">
      <p>
        <span className="text-strong">{row.rows_imported.toLocaleString('en')}</span> imported, <span className="text-strong">{row.rows_skipped.toLocaleString('en')}</span> skipped,{' '}
        <span className={row.rows_failed ? 'text-danger' : 'text-strong'}>{row.rows_failed.toLocaleString('en')}</span> failed
      </p>
      {row.error && <p className="text-danger">{row.error.message}</p>}
      {row.cancel_requested && row.status === 'running' && <p className="text-warn">Stopping after the batch in flight…</p>}
    </div>
  );
}

function Downloads({ row }: { row: ImportView }) {
  const short = row.id.slice(-8);
  return (
    <div className="flex flex-wrap gap-2">
      <a className={buttonClass('secondary', 'sm')} href={operationUrl(operations.getImportReport[1], { id: row.id })} download aria-label={`Report of import ${short}`}>
        Report
      </a>
      <a className={buttonClass('secondary', 'sm')} href={operationUrl(operations.getImportMapping[1], { id: row.id })} download aria-label={`Mapping of import ${short}`}>
        Mapping
      </a>
    </div>
  );
}

function CancelButton({ row }: { row: ImportView }) {
  const run = useApiAction();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="danger" disabled={row.cancel_requested} aria-label={`Cancel import ${row.id.slice(-8)}`}>
          Cancel
        </Button>
      }
      title="Cancel this import?"
      description={
        row.status === 'queued'
          ? 'It has not started: nothing is imported and the uploaded file is deleted.'
          : 'It stops after the batch in flight. The rows already imported stay, and the mapping lists them.'
      }
      confirmLabel="Cancel import"
      onConfirm={async () => {
        const result = await run('cancelImport', { params: { id: row.id } }, { success: row.status === 'queued' ? 'Import cancelled' : 'The import stops after its batch in flight' });
        if (!result.ok) return result.message;
      }}
    />
  );
}

export function ImportsTable({ imports, canManage }: { imports: ImportView[]; canManage: boolean }) {
  const columns = [
    column<ImportView>('created', 'Uploaded', (row) => formatDateTime(row.created_at)),
    column<ImportView>('status', 'Status', (row) => <Badge tone={TONES[row.status]}>{row.status}</Badge>),
    column<ImportView>('progress', 'Progress', (row) => <Progress row={row} />),
    column<ImportView>('results', 'Results', (row) => <Results row={row} />),
    column<ImportView>('format', 'Format', (row) => row.format.toUpperCase()),
    column<ImportView>('actions', 'Actions', (row) => (
      <div className="flex flex-wrap gap-2">
        {!active(row) && <Downloads row={row} />}
        {canManage && active(row) && <CancelButton row={row} />}
      </div>
    )),
  ];
  return (
    <>
      <AutoRefresh active={imports.some(active)} />
      <DataTable
        label="Imports"
        columns={columns}
        rows={imports}
        rowId={(row) => row.id}
        rowTestId="import-row"
        empty={<EmptyState title="No imports yet">Upload a card file encrypted to one of the project&apos;s import keys: it is checked whole (decrypted and verified) before the first card is stored.</EmptyState>}
      />
    </>
  );
}
