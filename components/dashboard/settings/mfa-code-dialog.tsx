'use client';
// A dialog that asks for a current authentication code before a two-step verification change (regenerate
// backup codes, turn it off). The API's refusal stays in the dialog under the field; what the change
// produced (new backup codes) can replace the form, and then only an explicit click closes the dialog.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField, inputClass } from '../../ui/form-field';

export type CodeOutcome = { error: string } | { shown: ReactNode } | { closed: true };

type Props = { triggerLabel: string; title: string; description: string; submitLabel: string; variant?: ButtonVariant; onCode: (code: string) => Promise<CodeOutcome>; onDone?: () => void };

export function MfaCodeDialog({ triggerLabel, title, description, submitLabel, variant = 'secondary', onCode, onDone }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState<ReactNode>(null);
  const close = () => {
    setOpen(false);
    setError(undefined);
    if (shown) onDone?.();
    setShown(null);
  };
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const outcome = await onCode(String(new FormData(event.currentTarget).get('code') ?? '').trim());
    setBusy(false);
    if ('error' in outcome) setError(outcome.error);
    else if ('shown' in outcome) setShown(outcome.shown);
    else close();
  }
  const keepOpen = (event: Event) => {
    if (shown) event.preventDefault();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      onEscapeKeyDown={keepOpen}
      onInteractOutside={keepOpen}
      trigger={<Button variant={variant}>{triggerLabel}</Button>}
      title={title}
      description={description}
      wide={!!shown}
    >
      {shown ? (
        <div className="space-y-4">
          {shown}
          <div className="flex justify-end">
            <Button variant="primary" onClick={close}>
              I have saved them
            </Button>
          </div>
        </div>
      ) : (
        <form method="post" className="space-y-4" onSubmit={(event) => void submit(event)}>
          <FormField id="mfa-code" label="Authentication code" error={error} hint="The 6-digit code from your authenticator app.">
            <input name="code" required autoComplete="one-time-code" inputMode="numeric" maxLength={6} className={`${inputClass} font-mono tracking-widest`} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant={variant === 'danger' ? 'danger' : 'primary'} busy={busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
