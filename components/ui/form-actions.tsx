'use client';
// The footer of a form in a dialog: Cancel (closes without sending) and the submit button.
import { Button, type ButtonVariant } from './button';

export function FormActions({ onCancel, submitLabel, busy, disabled, variant = 'primary' }: { onCancel: () => void; submitLabel: string; busy?: boolean; disabled?: boolean; variant?: ButtonVariant }) {
  return (
    <div className="flex justify-end gap-2">
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant={variant} disabled={disabled} busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
