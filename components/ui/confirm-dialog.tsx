'use client';
// Confirms an action (destructive by default). With `typeToConfirm`, the button stays disabled until that
// exact text (the thing's name) is typed. `children` are the action's own choices (a grace period, a time
// range), shown above. The action's own error stays in the dialog; success closes it.
import { useState, type ReactNode } from 'react';
import type { ButtonVariant } from './button';
import { FormActions } from './form-actions';
import { Dialog } from './dialog';
import { FormError, FormField, inputClass } from './form-field';

type Props = {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  typeToConfirm?: string;
  /** Resolves with an error message to show, or nothing on success. */
  onConfirm: () => Promise<string | void>;
  children?: ReactNode;
  variant?: ButtonVariant;
};

export function ConfirmDialog({ trigger, title, description, confirmLabel, typeToConfirm, onConfirm, children, variant = 'danger' }: Props) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const blocked = typeToConfirm !== undefined && typed !== typeToConfirm;
  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setTyped('');
          setError(undefined);
        }
      }}
      title={title}
      description={description}
    >
      <form
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if (blocked) return;
          setBusy(true);
          const failure = await onConfirm();
          setBusy(false);
          if (failure) setError(failure);
          else setOpen(false);
        }}
      >
        {children}
        {typeToConfirm !== undefined && (
          <FormField id="confirm-name" label={`Type "${typeToConfirm}" to confirm`}>
            <input className={inputClass} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
          </FormField>
        )}
        <FormError message={error} />
        <FormActions onCancel={() => setOpen(false)} submitLabel={confirmLabel} variant={variant} disabled={blocked} busy={busy} />
      </form>
    </Dialog>
  );
}
