// The one button of the dashboard: variants by intent, always a real <button> (or a link styled as one).
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

// Primary hover darkens (brightness) rather than fading: at opacity 90 % the light theme's white on emerald
// fell to 4.3:1 under the pointer (axe flagged it with the mouse resting on a dialog's submit button).
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-on-accent hover:brightness-90 border border-transparent',
  secondary: 'border border-line bg-surface text-strong hover:bg-raised',
  danger: 'border border-danger/50 text-danger hover:bg-danger/10',
  ghost: 'border border-transparent text-fg hover:bg-raised',
};

export function buttonClass(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md'): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md font-medium transition disabled:cursor-not-allowed disabled:opacity-50',
    size === 'sm' ? 'px-2.5 py-1 text-xs' : 'px-3.5 py-2 text-sm',
    VARIANTS[variant],
  );
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'sm' | 'md'; busy?: boolean };

export function Button({ variant, size, busy, className, type = 'button', disabled, children, ...rest }: Props) {
  return (
    <button type={type} disabled={disabled || busy} aria-busy={busy || undefined} className={cn(buttonClass(variant, size), className)} {...rest}>
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, className, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant; size?: 'sm' | 'md' }) {
  return <a className={cn(buttonClass(variant, size), className)} {...rest} />;
}
