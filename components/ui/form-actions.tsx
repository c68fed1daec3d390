'use client';
// The closing row of a dialog's form: Cancel, then the submit button (busy while the API answers).
import { Button, type ButtonVariant } from './button';

export function FormActions({ onCancel, submitLabel, busy, variant = 'primary', disabled }: { onCancel: () => void; submitLabel: string; busy?: boolean; variant?: ButtonVariant; disabled?: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant={variant} busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
