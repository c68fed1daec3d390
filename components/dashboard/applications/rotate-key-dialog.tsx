'use client';
// Rotates an application's API key (POST /api/applications/{id}/rotate-key) with a grace period for the
// old key (now, 1 hour, 24 hours or 7 days), then shows the new key once.
import { useState, type FormEvent } from 'react';
import type { ApiData } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError } from '../../ui/form-field';
import { formatDateTime } from '../../ui/format';
import { GracePeriodSelect } from '../../ui/grace-period-select';
import { SecretOnceDialog } from '../../ui/secret-once-dialog';
import { useApiAction } from '../../ui/use-api-action';
import type { ApplicationRowView } from './application-row';

type Rotated = ApiData<'rotateApplicationKey'>['data'];

export function RotateKeyDialog({ application }: { application: ApplicationRowView }) {
  const run = useApiAction();
  const [open, setOpen] = useState(false);
  const [grace, setGrace] = useState<number>(3600);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [rotated, setRotated] = useState<Rotated>();

  async function rotate(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await run('rotateApplicationKey', { params: { id: application.id }, body: { grace_period_seconds: grace } }, { success: 'API key rotated' });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setOpen(false);
    setRotated(result.data.data);
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(undefined);
        }}
        trigger={
          <Button size="sm" aria-label={`Rotate key of ${application.name}`}>
            Rotate key
          </Button>
        }
        title={`Rotate the key of ${application.name}`}
        description={
          application.previous_key_expires_at
            ? 'A rotation is already in its grace period: rotating again ends the older key at once.'
            : 'A new key is made and shown once. Keep the old one working while you deploy the new one.'
        }
      >
        <form className="space-y-4" onSubmit={rotate}>
          <GracePeriodSelect name={`grace-${application.id}`} value={grace} onChange={setGrace} />
          <FormError message={error} />
          <FormActions onCancel={() => setOpen(false)} submitLabel="Rotate key" busy={busy} />
        </form>
      </Dialog>
      <SecretOnceDialog
        open={!!rotated}
        onClose={() => setRotated(undefined)}
        title={`New API key of ${application.name}`}
        secrets={rotated ? [{ label: 'API key', envName: 'VAULT_API_KEY', value: rotated.api_key }] : []}
      >
        <p className="text-muted">{rotated?.previous_key_expires_at ? `The old key keeps working until ${formatDateTime(rotated.previous_key_expires_at)}.` : 'The old key no longer works.'}</p>
      </SecretOnceDialog>
    </>
  );
}
