'use client';
// The hosted checkout page's client side: renders the state of the page's reducer (lib/checkout/page-state.ts,
// which holds the session's life and what each step posts and where it goes) and dispatches the customer's
// actions to it; use-checkout-page.ts performs the steps. Focus follows what the reducer shows.
import { useEffect, useMemo, useRef } from 'react';
import type { CheckoutView } from '../../lib/checkout/load-checkout-view';
import type { Banner, PageContext } from '../../lib/checkout/page-state';
import { CardForm } from './card-form';
import { CheckoutHeading } from './checkout-heading';
import { EXHAUSTED_ERROR, EXPIRED_ERROR } from './messages';
import { ResultPanel } from './result-panel';
import { TestCards } from './test-cards';
import { useCheckoutPage } from './use-checkout-page';

export type CheckoutAppProps = {
  view: CheckoutView;
  /** The amount formatted on the server for the customer's language (Intl), e.g. "€10.50"; null in setup mode (nothing is charged). */
  amountLabel: string | null;
  /** The server's clock when it rendered (ms): the expiry timer corrects the customer's clock by it. */
  serverNow: number;
  /** Return URLs computed on the server (lib/checkout/return-urls.ts), so page and endpoints agree. */
  returnUrls: PageContext['returnUrls'];
  /** The merchant's logo, served by the vault (same origin), or null. */
  logoUrl?: string | null;
};

export function CheckoutApp({ view, amountLabel, serverNow, returnUrls, logoUrl = null }: CheckoutAppProps) {
  // A framed page gets the height the embedding page gave it (the SDK's default 640 px) and no more: a compact
  // layout keeps the form, a decline message and both buttons inside it without scrolling the frame.
  const compact = view.embedMode === 'iframe';
  const context = useMemo<PageContext>(
    () => ({
      sessionId: view.sessionId,
      embedMode: view.embedMode,
      merchantName: view.merchantName,
      cancelUrl: view.cancelUrl,
      returnUrls,
      expiredError: EXPIRED_ERROR,
      exhaustedError: EXHAUSTED_ERROR,
    }),
    [returnUrls, view],
  );
  const clock = useMemo(() => ({ deadline: Date.parse(view.expiresAt), serverNow }), [serverNow, view.expiresAt]);
  const { state, dispatch } = useCheckoutPage(context, view, clock);
  const { result, banner } = state;

  // A result screen takes focus so keyboard and screen-reader users land on it (not the one the page loads with).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousResult = useRef(result);
  useEffect(() => {
    if (result && result !== previousResult.current) headingRef.current?.focus();
    previousResult.current = result;
  }, [result]);

  // An answer shown above the form takes focus once rendered, so it is read out and the form follows it.
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (banner?.focus) bannerRef.current?.focus();
  }, [banner]);

  return (
    <main className={`flex min-h-dvh items-start justify-center ${compact ? 'p-2 sm:px-4' : 'px-3 py-5 sm:items-center sm:px-6 sm:py-12'}`}>
      <div className="w-full max-w-md">
        <section
          aria-labelledby="checkout-title"
          className={`rounded-2xl border border-white/10 bg-white/[0.03] p-4 shadow-2xl shadow-black/40 ${compact ? 'sm:p-5' : 'sm:p-7'}`}
        >
          {logoUrl && (
            // The name is the heading's text: the logo beside it is decorative. Served by the vault, sized by CSS.
            // eslint-disable-next-line @next/next/no-img-element -- a vault-served logo needs no optimiser
            <img src={logoUrl} alt="" data-testid="merchant-logo" className={`block h-9 w-auto max-w-[12rem] object-contain object-left ${compact ? 'mb-3' : 'mb-5'}`} />
          )}
          <CheckoutHeading merchantName={view.merchantName} amountLabel={amountLabel} testMode={view.testMode} />

          {result ? (
            <ResultPanel result={result} merchantName={view.merchantName} amountLabel={amountLabel} headingRef={headingRef} />
          ) : (
            <>
              <CardForm
                compact={compact}
                amountLabel={amountLabel}
                interactive={state.phase !== 'loading'}
                busy={state.phase === 'paying'}
                cancelling={state.phase === 'cancelling'}
                serverFieldErrors={state.fieldErrors}
                onPay={(body) => dispatch({ type: 'pay', body })}
                onCancel={() => dispatch({ type: 'cancel' })}
                banner={banner && <Alert banner={banner} innerRef={bannerRef} />}
              />
              {view.testMode && !compact && <TestCards />}
            </>
          )}
        </section>

        <footer className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-1 text-xs text-zinc-400 ${compact ? 'mt-2' : 'mt-5'}`}>
          <span className="inline-flex items-center gap-1.5">
            <svg viewBox="0 0 24 24" aria-hidden className="size-3.5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
              <rect x="5" y="11" width="14" height="9" rx="2" />
              <path d="M8 11V8a4 4 0 0 1 8 0v3" />
            </svg>
            Secured by
            {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG needs no optimiser */}
            <img src="/favicon.svg" alt="" width={14} height={14} className="ml-0.5" />
            <span className="font-semibold text-zinc-300">Vault</span>
          </span>
          {!result && view.testMode && compact && <TestCards inline />}
          {!result && <Countdown remainingMs={state.remainingMs} />}
        </footer>
      </div>
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {state.announcement}
      </p>
    </main>
  );
}

function Alert({ banner, innerRef }: { banner: Banner; innerRef: React.RefObject<HTMLDivElement | null> }) {
  const error = banner.tone === 'error';
  return (
    <div
      ref={innerRef}
      tabIndex={-1}
      role={error ? 'alert' : 'status'}
      className={`flex gap-3 rounded-lg border p-3 text-sm focus:outline-none focus-visible:ring-2 ${
        error ? 'border-rose-400/30 bg-rose-400/10 text-rose-200 focus-visible:ring-rose-400/40' : 'border-sky-400/30 bg-sky-400/10 text-sky-200 focus-visible:ring-sky-400/40'
      }`}
    >
      <svg viewBox="0 0 20 20" aria-hidden className="mt-0.5 size-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
      </svg>
      <div>
        <p className="font-medium">{banner.title}</p>
        {banner.text && <p className="mt-0.5 opacity-90">{banner.text}</p>}
      </div>
    </div>
  );
}

function Countdown({ remainingMs }: { remainingMs: number }) {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  const text = hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
  return (
    <span className={`tabular-nums ${total <= 60 ? 'text-amber-300' : ''}`}>
      Expires in <time dateTime={`PT${total}S`}>{text}</time>
    </span>
  );
}
