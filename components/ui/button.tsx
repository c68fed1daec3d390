// The one button of the dashboard and the hosted checkout: variants by intent, always a real <button> (or a
// link styled as one).
import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | CheckoutVariant;
type CheckoutVariant = 'checkout-pay' | 'checkout-outline';

// Primary hover darkens (brightness) rather than fading: at opacity 90 % the light theme's white on emerald
// fell to 4.3:1 under the pointer (axe flagged it with the mouse resting on a dialog's submit button).
const VARIANTS: Record<Exclude<ButtonVariant, CheckoutVariant>, string> = {
  primary: 'bg-accent text-on-accent hover:brightness-90 border border-transparent',
  secondary: 'border border-line bg-surface text-strong hover:bg-raised',
  danger: 'border border-danger/50 text-danger hover:bg-danger/10',
  ghost: 'border border-transparent text-fg hover:bg-raised',
};

// The hosted checkout's own: its palette (dark, or the merchant's branding: the pay button's colours are the
// page's --ck-button/--ck-on-button, lib/merchants/branding-theme.ts) and touch-sized targets (44–48 px) that a
// customer's phone needs, so they bring their own size and shape and ignore `size`.
const CHECKOUT_BASE = 'inline-flex items-center justify-center rounded-lg px-4 transition disabled:cursor-not-allowed disabled:opacity-60';
const CHECKOUT_VARIANTS: Record<CheckoutVariant, string> = {
  // flex-wrap: a long amount goes to a line of its own under "Pay" (components/checkout/amount-size.ts).
  'checkout-pay':
    'min-h-12 w-full flex-wrap gap-x-2 bg-(--ck-button) py-3 text-base font-semibold text-(--ck-on-button) shadow-lg shadow-(--ck-button)/20 hover:ring-2 hover:ring-(--ck-button)/40',
  // Without a text colour: Cancel and the result's return link differ there.
  'checkout-outline': 'min-h-11 border border-white/10 py-2.5 text-sm font-medium hover:border-white/20 hover:bg-white/5',
};

function isCheckoutVariant(variant: ButtonVariant): variant is CheckoutVariant {
  return variant in CHECKOUT_VARIANTS;
}

export function buttonClass(variant: ButtonVariant = 'secondary', size: 'sm' | 'md' = 'md'): string {
  if (isCheckoutVariant(variant)) return cn(CHECKOUT_BASE, CHECKOUT_VARIANTS[variant]);
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
