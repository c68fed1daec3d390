'use client';
// Ends a key rotation's grace period early (DELETE /api/applications/{id}/previous-key): the old key is
// refused from now on.
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useApiAction } from '../../ui/use-api-action';
import type { ApplicationRowView } from './application-row';

export function EndGraceButton({ application }: { application: ApplicationRowView }) {
  const run = useApiAction();
  const uses = application.previous_key_uses;
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="danger" aria-label={`End grace now for ${application.name}`}>
          End grace now
        </Button>
      }
      title={`Stop the old key of ${application.name} now?`}
      description={`Calls still sending the old key are refused from now on${typeof uses === 'number' ? ` (${uses} ${uses === 1 ? 'call' : 'calls'} used it since the rotation)` : ''}.`}
      confirmLabel="End grace now"
      onConfirm={async () => {
        const result = await run('endApplicationKeyGrace', { params: { id: application.id } }, { success: 'The old key no longer works' });
        if (!result.ok) return result.message;
      }}
    />
  );
}
