'use client';
// Rotates an application's API key (POST /api/applications/{id}/rotate-key) with a grace period for the
// old key (now, 1 hour, 24 hours or 7 days), then shows the new key once.
import { useState, type FormEvent } from 'react';
import { dataOf } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError } from '../../ui/form-field';
import { formatDateTime } from '../../ui/format';
import { SecretOnceDialog } from '../../ui/secret-once-dialog';
import { useApiAction } from '../../ui/use-api-action';
import type { ApplicationRowView } from './application-row';

const GRACE_CHOICES = [
  { seconds: 0, label: 'Now', hint: 'The old key stops working at once.' },
  { seconds: 3600, label: '1 hour', hint: 'Both keys work for an hour.' },
  { seconds: 86_400, label: '24 hours', hint: 'Both keys work for a day.' },
  { seconds: 604_800, label: '7 days', hint: 'Both keys work for a week, the longest grace.' },
] as const;

type Rotated = { api_key: string; previous_key_expires_at: string | null };

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
    const result = await run('POST', `/api/applications/${application.id}/rotate-key`, { grace_period_seconds: grace }, 'API key rotated');
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setOpen(false);
    setRotated(dataOf<Rotated>(result));
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
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-strong">The old key stops working</legend>
            {GRACE_CHOICES.map((choice) => (
              <label key={choice.seconds} className="flex items-start gap-2 text-sm">
                <input type="radio" name={`grace-${application.id}`} className="mt-1" checked={grace === choice.seconds} onChange={() => setGrace(choice.seconds)} />
                <span>
                  <span className="text-strong">{choice.label}</span>
                  <span className="block text-xs text-muted">{choice.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
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
