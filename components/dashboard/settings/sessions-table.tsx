'use client';
// The member's live sign-in sessions (GET /api/user/sessions): device, IP, signed in, last active, and
// "This device" on the session this page runs in. Any other session can be signed out
// (DELETE /api/user/sessions/{id}), or all of them at once (DELETE /api/user/sessions).
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { column, DataTable, type Column } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';
import { useApiAction } from '../../ui/use-api-action';

export type SessionRow = { id: string; device: string; ip: string | null; created_at: string; last_seen_at: string; current: boolean };

export function SessionsTable({ sessions }: { sessions: SessionRow[] }) {
  const run = useApiAction();
  const columns: Array<Column<SessionRow>> = [
    column('device', 'Device', (session) => (
      <span className="flex items-center gap-2">
        <span className="text-strong">{session.device}</span>
        {session.current && <Badge tone="accent">This device</Badge>}
      </span>
    )),
    column('ip', 'IP address', (session) => session.ip ?? '—', { mono: true }),
    column('created', 'Signed in', (session) => formatDateTime(session.created_at)),
    column('last', 'Last active', (session) => formatDateTime(session.last_seen_at)),
    column('actions', 'Actions', (session) =>
      session.current ? (
        <span className="text-xs text-muted">Use “Sign out” above</span>
      ) : (
        <Button size="sm" variant="danger" aria-label={`Sign out ${session.device} (${session.ip ?? 'unknown IP'})`} onClick={() => void run('revokeUserSession', { params: { id: session.id } }, { success: 'Session signed out' })}>
          Sign out
        </Button>
      ),
    ),
  ];
  return <DataTable label="Sign-in sessions" columns={columns} rows={sessions} rowId={(session) => session.id} rowTestId="session-row" />;
}

export function SignOutOthersButton({ others }: { others: number }) {
  const run = useApiAction();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="danger" disabled={others === 0} title={others === 0 ? 'No other session is signed in.' : undefined}>
          Sign out everywhere else
        </Button>
      }
      title="Sign out everywhere else?"
      description={`${others} other session${others === 1 ? '' : 's'} end${others === 1 ? 's' : ''} at once; this one stays signed in.`}
      confirmLabel="Sign out other sessions"
      onConfirm={async () => {
        const result = await run('revokeOtherUserSessions', {}, { success: 'Signed out everywhere else' });
        return result.ok ? undefined : result.message;
      }}
    />
  );
}
