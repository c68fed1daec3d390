// A labelled form control with its hint and its error (the API's message for that field) wired up for
// assistive technology: the label names the control, the error describes it (and is announced, in the
// dashboard). Two looks: the dashboard's themed one and the hosted checkout's (variant="checkout").
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';

export const inputClass =
  'w-full min-w-0 rounded-md border border-line bg-bg px-3 py-2 text-sm text-strong placeholder:text-muted focus:border-accent aria-[invalid=true]:border-danger';

/** The hosted checkout's inputs: its palette (focus in the page's --ck-focus), 44 px tall, 16 px text (no zoom on focus on iOS). */
export function checkoutInputClass(invalid: boolean): string {
  return [
    'block w-full min-h-11 rounded-lg border bg-zinc-900/80 px-3 py-2.5 text-base text-white placeholder:text-zinc-600 transition',
    'focus:outline-none focus-visible:outline-none focus:ring-2 read-only:opacity-70',
    invalid ? 'border-rose-400/70 focus:border-rose-400 focus:ring-rose-400/30' : 'border-white/10 focus:border-(--ck-focus) focus:ring-(--ck-focus)/25',
  ].join(' ');
}

type Variant = 'dashboard' | 'checkout';
type Look = { field: string; label: string; hint: string; error: string; errorIcon: boolean; errorAlert: boolean; errorFirst: boolean };

/**
 * The dashboard's fields announce an error as it appears (role=alert) and describe the control by its hint,
 * then its error. The hosted checkout checks every field on Pay and moves focus to the first invalid one, whose
 * description reads its error first (alerts from four fields at once would talk over each other); its inputs
 * always say whether they are invalid, and it has its own fixed dark palette.
 */
const VARIANTS: Record<Variant, Look> = {
  dashboard: { field: 'space-y-1.5', label: 'block text-sm font-medium text-strong', hint: 'text-xs text-muted', error: 'text-xs text-danger', errorIcon: false, errorAlert: true, errorFirst: false },
  checkout: {
    field: 'min-w-0',
    label: 'mb-1.5 block text-sm font-medium text-zinc-200',
    hint: 'mt-1.5 text-xs text-zinc-500',
    error: 'mt-1.5 flex items-start gap-1.5 text-sm text-rose-300',
    errorIcon: true,
    errorAlert: false,
    errorFirst: true,
  },
};

type Props = {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
  variant?: Variant;
  /** The hint is for screen readers only (it says again what the field shows another way, e.g. a brand mark). */
  hintHidden?: boolean;
  /** Drawn inside the control, at its right end (the card's brand mark). */
  trailing?: ReactNode;
};

export function FormField({ id, label, hint, error, children, className, variant = 'dashboard', hintHidden = false, trailing }: Props) {
  const look = VARIANTS[variant];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = (look.errorFirst ? [errorId, hintId] : [hintId, errorId]).filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : variant === 'checkout' ? false : undefined;
  const control = isValidElement(children) ? cloneElement(children, { id, 'aria-invalid': invalid, 'aria-describedby': describedBy }) : children;
  return (
    <div className={cn(look.field, className)}>
      <label htmlFor={id} className={look.label}>
        {label}
      </label>
      {trailing ? (
        <div className="relative">
          {control}
          <div className="pointer-events-none absolute inset-y-0 right-3 flex items-center">{trailing}</div>
        </div>
      ) : (
        control
      )}
      {hint && (
        // A div: a hint may be a list (the password rules).
        <div id={hintId} className={hintHidden ? 'sr-only' : look.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} role={look.errorAlert ? 'alert' : undefined} className={look.error}>
          {look.errorIcon ? (
            <>
              <svg viewBox="0 0 20 20" aria-hidden className="mt-0.5 size-4 shrink-0" fill="currentColor">
                <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
              </svg>
              <span>{error}</span>
            </>
          ) : (
            error
          )}
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
