'use client';
// The project's applications: name and created, key prefix (with a running rotation's grace: until when the old key
// works and how many calls still used it), permissions, 30-day calls sparkline, last used; the
// row's actions for owners and admins.
import { useMemo } from 'react';
import { Badge } from '../../ui/badge';
import { column, DataTable } from '../../ui/data-table';
import { formatDate, formatDateTime } from '../../ui/format';
import { Sparkline } from '../../ui/sparkline';
import { permissionNames, type ApplicationRowView } from './application-row';
import { DeleteApplicationButton } from './delete-application-button';
import { EditApplicationDialog } from './edit-application-dialog';
import { EndGraceButton } from './end-grace-button';
import { RotateKeyDialog } from './rotate-key-dialog';

function KeyCell({ application }: { application: ApplicationRowView }) {
  return (
    <div className="space-y-0.5">
      <span className="font-mono text-[13px]">{application.key_prefix}…</span>
      {application.previous_key_expires_at && (
        <p className="font-sans text-xs text-warn" data-testid="grace-note">
          Old key valid until {formatDateTime(application.previous_key_expires_at)}
          {typeof application.previous_key_uses === 'number' && ` · ${application.previous_key_uses} ${application.previous_key_uses === 1 ? 'call' : 'calls'} used it`}
        </p>
      )}
    </div>
  );
}

function UsageCell({ usage }: { usage?: number[] }) {
  if (!usage) return <span className="text-muted">—</span>;
  const total = usage.reduce((sum, value) => sum + value, 0);
  return (
    <span className="flex items-center gap-2">
      <Sparkline values={usage} label={`Calls in the last ${usage.length} days: ${total}`} />
      <span aria-hidden="true" className="text-xs text-muted">
        {total}
      </span>
    </span>
  );
}

export function ApplicationsTable({ applications, canManage }: { applications: ApplicationRowView[]; canManage: boolean }) {
  // Stable column definitions: a cell renderer is rendered as a component, so a new one on every render
  // (e.g. when router.refresh() brings new data) would remount the row's dialogs and lose a key shown once.
  const columns = useMemo(() => [
    // The creation date under the name keeps the table narrow enough for its actions at 1280 px.
    column<ApplicationRowView>('name', 'Name', (application) => (
      <div className="space-y-0.5">
        <span className="font-medium text-strong">{application.name}</span>
        <p className="text-xs text-muted">Created {formatDate(application.created_at)}</p>
      </div>
    )),
    column<ApplicationRowView>('key', 'Key', (application) => <KeyCell application={application} />),
    column<ApplicationRowView>('permissions', 'Permissions', (application) => {
      const names = permissionNames(application);
      return names.length ? (
        <span className="flex w-40 flex-wrap gap-1">
          {names.map((name) => (
            <Badge key={name}>{name}</Badge>
          ))}
        </span>
      ) : (
        <span className="text-muted">none</span>
      );
    }),
    column<ApplicationRowView>('usage', 'Calls, 30 days', (application) => <UsageCell usage={application.usage} />),
    column<ApplicationRowView>('last_used_at', 'Last used', (application) => <span className="block w-28 whitespace-normal">{application.last_used_at ? formatDateTime(application.last_used_at) : 'Never'}</span>),
    ...(canManage
      ? [
          column<ApplicationRowView>('actions', 'Actions', (application) => (
            <div className="flex w-40 flex-wrap gap-1.5">
              <EditApplicationDialog application={application} />
              <RotateKeyDialog application={application} />
              {application.previous_key_expires_at && <EndGraceButton application={application} />}
              <DeleteApplicationButton application={application} />
            </div>
          )),
        ]
      : []),
  ], [canManage]);
  return <DataTable label="Applications" columns={columns} rows={applications} rowId={(application) => application.id} rowTestId="application-row" />;
}
