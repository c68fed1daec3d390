// A labelled form control with its hint and its error (the API's message for that field) wired up for
// assistive technology: the label names the control, the error is announced and described-by.
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

export const inputClass =
  'w-full min-w-0 rounded-md border border-line bg-bg px-3 py-2 text-sm text-strong placeholder:text-muted focus:border-accent aria-[invalid=true]:border-danger';

type Props = { id: string; label: string; hint?: ReactNode; error?: string; children: ReactElement<Record<string, unknown>>; className?: string };

export function FormField({ id, label, hint, error, children, className }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-strong">
        {label}
      </label>
      {control}
      {hint && (
        // A div: a hint may be a list (the password rules).
        <div id={hintId} className="text-xs text-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label on the right (permissions, switches). */
export function CheckboxField({ id, label, hint, ...input }: { id: string; label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-emerald-600" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      <div>
        <label htmlFor={id} className="text-sm text-strong">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** The form-level error (an API refusal not tied to one field). */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}
