'use client';
// A live preview of the hosted checkout in a merchant's branding, at a given width and scheme, scaled to
// fit its box: the checkout's own pieces (heading, fields, pay button) under the same theme CSS as the page
// (lib/merchants/branding-theme.ts), scoped to this box. Inert: nothing in it can be focused or clicked, and
// assistive technology reads the one label that names it.
import { useId } from 'react';
import { CheckoutHeading } from '../../checkout/checkout-heading';
import { Button } from '../../ui/button';
import { checkoutInputClass, FormField } from '../../ui/form-field';
import type { TBrandingStyle } from '../../../lib/merchants/branding-schemas';
import { checkoutThemeCss, type Scheme } from '../../../lib/merchants/branding-theme';

type Props = { style: TBrandingStyle | null; scheme: Scheme; width: 1280 | 360; merchantName: string; logoUrl: string | null; boxWidth: number };

export function CheckoutPreview({ style, scheme, width, merchantName, logoUrl, boxWidth }: Props) {
  const id = `preview-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const scale = boxWidth / width;
  const height = width === 360 ? 640 : 720;
  // The scheme shown is fixed: a merchant previews both whatever their own system prefers.
  const css = checkoutThemeCss(style ? { ...style, theme: scheme } : { theme: scheme }, `#${id}`);
  return (
    <figure className="space-y-1.5" aria-label={`Checkout preview, ${width} px, ${scheme}`}>
      <style>{css}</style>
      <div className="overflow-hidden rounded-md border border-line" style={{ width: boxWidth, height: height * scale }}>
        <div
          id={id}
          inert
          aria-hidden
          data-testid={`checkout-preview-${width}-${scheme}`}
          className="origin-top-left bg-(--vault-bg) font-sans text-(--color-zinc-100)"
          style={{ width, height, transform: `scale(${scale})`, colorScheme: scheme }}
        >
          <div className={`flex justify-center ${width === 360 ? 'px-3 py-5' : 'px-6 py-12'}`}>
            <div className="w-full max-w-md rounded-2xl border border-white/10 bg-white/[0.03] p-4 shadow-2xl shadow-black/40 sm:p-7">
              {logoUrl && (
                // eslint-disable-next-line @next/next/no-img-element -- the vault-served logo, as the page shows it
                <img src={logoUrl} alt="" className="mb-5 block h-9 w-auto max-w-[12rem] object-contain object-left" />
              )}
              <CheckoutHeading merchantName={merchantName} amountLabel="€24.90" testMode={false} />
              <div className="mt-6 space-y-4">
                <FormField id={`${id}-number`} label="Card number" variant="checkout">
                  <input className={checkoutInputClass(false)} placeholder="1234 1234 1234 1234" readOnly tabIndex={-1} />
                </FormField>
                <div className="grid grid-cols-2 gap-3">
                  <FormField id={`${id}-expiry`} label="Expiry date" variant="checkout">
                    <input className={checkoutInputClass(false)} placeholder="MM / YY" readOnly tabIndex={-1} />
                  </FormField>
                  <FormField id={`${id}-cvc`} label="Security code" variant="checkout">
                    <input className={`${checkoutInputClass(false)} ring-2 ring-(--ck-focus)/25 border-(--ck-focus)`} placeholder="123" readOnly tabIndex={-1} />
                  </FormField>
                </div>
                <Button variant="checkout-pay" tabIndex={-1}>
                  Pay €24.90
                </Button>
              </div>
            </div>
          </div>
          <p className="text-center text-xs text-zinc-400">Secured by Vault</p>
        </div>
      </div>
      <figcaption className="text-xs text-muted">
        {width} px · {scheme}
      </figcaption>
    </figure>
  );
}
