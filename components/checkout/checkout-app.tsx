'use client';
// The hosted checkout page's client side: the card form and the session's life (paying, declined with retry,
// completed, cancelled, expired), the messages to the embedding page and the navigation each mode asks for.
// Rules (issue 4): CHECKOUT_READY once loaded; after success post PAYMENT_SUCCESS, then the document itself
// goes to successUrl; cancel → cancelUrl (redirect), the tab closes (new_tab), the message only (popup,
// iframe); expiry or an unrecoverable error in redirect mode → errorUrl. No message in redirect mode.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { brandLabel } from '../../lib/checkout/card-input';
import type { CheckoutView } from '../../lib/checkout/load-checkout-view';
import { messages } from '../../lib/core/errors';
import { CardForm, Spinner, type ServerFieldError } from './card-form';
import { CheckoutHeading } from './checkout-heading';
import { cancel, pay, type PayBody } from './checkout-api';
import { EXPIRED_ERROR, navigateTo, postToEmbedder, type CheckoutErrorInfo, type CheckoutMessage, type PaymentData } from './messages';
import { TestCards } from './test-cards';

export type CheckoutAppProps = {
  view: CheckoutView;
  /** The amount formatted on the server for the customer's language (Intl), e.g. "€10.50". */
  amountLabel: string;
  /** The server's clock when it rendered (ms): the expiry timer corrects the customer's clock by it. */
  serverNow: number;
  /** Return URLs computed on the server (lib/checkout/return-urls.ts), so page and endpoints agree. */
  returnUrls: { expired: string; exhausted: string; error: string; paid: string | null };
};

const EXHAUSTED_ERROR: CheckoutErrorInfo = { code: 'attempts_exhausted', message: messages.attemptsExhausted };

/**
 * Chromium forwards a postMessage to another process in a task after the posting script; leaving the page in
 * the same task (navigation, window.close) can lose it. So after a message the page leaves one beat later.
 */
const MESSAGE_BEAT_MS = 150;
/** How long a page loaded already over shows why before redirect mode takes the customer to errorUrl. */
const OVER_ON_LOAD_NOTICE_MS = 2_500;

type Final =
  | { kind: 'paid'; payment: PaymentData | null; fresh: boolean; returnUrl: string | null }
  | { kind: 'cancelled'; returnUrl: string | null }
  | { kind: 'expired'; reason: 'expired' | 'attempts_exhausted'; returnUrl: string | null }
  | { kind: 'error'; message: string; returnUrl: string | null };

type Banner = { tone: 'error' | 'info'; title: string; text?: string };

function initialFinal(view: CheckoutView, returnUrls: CheckoutAppProps['returnUrls']): Final | null {
  switch (view.status) {
    case 'completed':
      return { kind: 'paid', payment: view.payment, fresh: false, returnUrl: returnUrls.paid };
    case 'cancelled':
      return { kind: 'cancelled', returnUrl: view.cancelUrl };
    case 'expired':
      return view.attempts >= view.maxAttempts
        ? { kind: 'expired', reason: 'attempts_exhausted', returnUrl: returnUrls.exhausted }
        : { kind: 'expired', reason: 'expired', returnUrl: returnUrls.expired };
    default:
      return null;
  }
}

function attemptsText(remaining: number): string {
  return remaining === 1 ? '1 attempt left.' : `${remaining} attempts left.`;
}

export function CheckoutApp({ view, amountLabel, serverNow, returnUrls }: CheckoutAppProps) {
  const { sessionId, embedMode } = view;
  // A framed page gets the height the embedding page gave it (the SDK's default 640 px) and no more: a compact
  // layout keeps the form, a decline message and both buttons inside it without scrolling the frame.
  const compact = embedMode === 'iframe';
  const [final, setFinal] = useState<Final | null>(() => initialFinal(view, returnUrls));
  const [interactive, setInteractive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(() => {
    const remaining = view.maxAttempts - view.attempts;
    return view.status === 'open' && view.attempts > 0
      ? { tone: 'info', title: 'A previous payment attempt did not go through.', text: attemptsText(remaining) }
      : null;
  });
  const [serverFieldErrors, setServerFieldErrors] = useState<ServerFieldError[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const bannerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busyRef = useRef(false);
  const expiredWhileBusy = useRef(false);
  const finalRef = useRef(final);
  finalRef.current = final;

  const post = useCallback((message: CheckoutMessage) => postToEmbedder(view, message), [view]);
  /** Leave the page (navigate or close) right after a message has been posted: one beat later, see above. */
  const leave = useCallback((action: () => void) => {
    if (embedMode === 'redirect') action();
    else window.setTimeout(action, MESSAGE_BEAT_MS);
  }, [embedMode]);

  const expire = useCallback(
    (redirectUrl: string | null) => {
      if (finalRef.current) return;
      setFinal({ kind: 'expired', reason: 'expired', returnUrl: redirectUrl ?? returnUrls.expired });
      post({ type: 'CHECKOUT_EXPIRED', sessionId, error: EXPIRED_ERROR });
      if (embedMode === 'redirect') navigateTo(redirectUrl ?? returnUrls.expired);
    },
    [embedMode, post, returnUrls.expired, sessionId],
  );

  // Loaded: the form becomes usable and the embedding page hears about it (once, even under StrictMode).
  const announced = useRef(false);
  useEffect(() => {
    setInteractive(true);
    if (announced.current) return;
    announced.current = true;
    post({ type: 'CHECKOUT_READY', sessionId });
    const initial = finalRef.current;
    if (initial?.kind === 'expired') {
      post(
        initial.reason === 'attempts_exhausted'
          ? { type: 'CHECKOUT_ERROR', sessionId, error: EXHAUSTED_ERROR }
          : { type: 'CHECKOUT_EXPIRED', sessionId, error: EXPIRED_ERROR },
      );
      // Loaded already over: redirect mode ends as it would had it run out here (errorUrl with the reason),
      // after the expired page has said why for a moment; in the other modes that page is the whole answer.
      const returnUrl = initial.returnUrl;
      if (embedMode === 'redirect' && returnUrl) window.setTimeout(() => navigateTo(returnUrl), OVER_ON_LOAD_NOTICE_MS);
    }
  }, [embedMode, post, sessionId]);

  // The session's deadline, on the customer's clock corrected by the server's.
  const [remainingMs, setRemainingMs] = useState(() => Date.parse(view.expiresAt) - serverNow);
  useEffect(() => {
    if (final) return;
    const skew = serverNow - Date.now();
    const deadline = Date.parse(view.expiresAt);
    const tick = () => {
      const left = deadline - (Date.now() + skew);
      setRemainingMs(left);
      if (left > 0) return;
      if (busyRef.current) expiredWhileBusy.current = true;
      else expire(null);
    };
    tick();
    const timer = window.setInterval(tick, 1_000);
    return () => window.clearInterval(timer);
  }, [expire, final, serverNow, view.expiresAt]);

  // A result screen takes focus so keyboard and screen-reader users land on it.
  const previousFinal = useRef(final);
  useEffect(() => {
    if (final && final !== previousFinal.current) headingRef.current?.focus();
    previousFinal.current = final;
  }, [final]);

  // A result shown above the form takes focus once rendered, so it is read out and the form follows it.
  const [bannerToFocus, setBannerToFocus] = useState<Banner | null>(null);
  useEffect(() => {
    if (bannerToFocus && bannerToFocus === banner) bannerRef.current?.focus();
  }, [banner, bannerToFocus]);

  function showBanner(next: Banner) {
    setBanner(next);
    setBannerToFocus(next);
  }

  async function onPay(body: PayBody) {
    if (busyRef.current || finalRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setBanner(null);
    setAnnouncement('Processing your payment…');
    const outcome = await pay(sessionId, body);
    busyRef.current = false;
    setBusy(false);
    setAnnouncement('');
    switch (outcome.kind) {
      case 'paid':
        setFinal({ kind: 'paid', payment: outcome.paymentData, fresh: true, returnUrl: outcome.redirectUrl });
        setAnnouncement(`Payment successful. Returning you to ${view.merchantName}.`);
        post({ type: 'PAYMENT_SUCCESS', sessionId, paymentData: outcome.paymentData });
        leave(() => navigateTo(outcome.redirectUrl));
        return;
      case 'failed':
        post({ type: 'PAYMENT_ERROR', sessionId, error: outcome.error });
        if (outcome.final) {
          exhausted(outcome.redirectUrl);
          return;
        }
        showBanner({
          tone: 'error',
          title: outcome.error.message.replace(/\.?$/, '.'),
          text:
            outcome.attemptsRemaining === null
              ? 'Check your details or use another card.'
              : `Check your details or use another card. ${attemptsText(outcome.attemptsRemaining)}`,
        });
        break;
      case 'invalid':
        setServerFieldErrors(outcome.fields);
        if (!outcome.fields.length) showBanner({ tone: 'error', title: 'Check your card details and try again.' });
        break;
      case 'already_paid':
        setFinal({ kind: 'paid', payment: null, fresh: false, returnUrl: null });
        return;
      case 'cancelled':
        setFinal({ kind: 'cancelled', returnUrl: view.cancelUrl });
        return;
      case 'exhausted':
        exhausted(outcome.redirectUrl);
        return;
      case 'expired':
        expire(outcome.redirectUrl);
        return;
      case 'in_progress':
        showBanner({ tone: 'info', title: 'A payment for this checkout is already in progress.', text: 'Wait a moment before trying again.' });
        break;
      case 'not_found':
        setFinal({ kind: 'error', message: 'This checkout session no longer exists.', returnUrl: returnUrls.error });
        post({ type: 'CHECKOUT_ERROR', sessionId, error: outcome.error });
        if (embedMode === 'redirect') navigateTo(returnUrls.error);
        return;
      case 'rate_limited':
        // Card-testing limit: nothing was charged and no attempt used; the embedding page hears it as a
        // payment error (the SDK's onError), the customer reads the server's message.
        post({ type: 'PAYMENT_ERROR', sessionId, error: outcome.error });
        showBanner({ tone: 'error', title: outcome.error.message, text: 'No payment was made.' });
        break;
      case 'unavailable':
        showBanner({ tone: 'error', title: 'We could not reach the payment service.', text: 'Check your connection and try again.' });
        break;
    }
    if (expiredWhileBusy.current) expire(null);
  }

  function exhausted(redirectUrl: string | null) {
    setFinal({ kind: 'expired', reason: 'attempts_exhausted', returnUrl: redirectUrl ?? returnUrls.exhausted });
    post({ type: 'CHECKOUT_ERROR', sessionId, error: EXHAUSTED_ERROR });
    if (embedMode === 'redirect') navigateTo(redirectUrl ?? returnUrls.exhausted);
  }

  async function onCancel() {
    if (busyRef.current || finalRef.current || cancelling) return;
    setCancelling(true);
    setBanner(null);
    const outcome = await cancel(sessionId);
    setCancelling(false);
    switch (outcome.kind) {
      case 'cancelled': {
        const returnUrl = outcome.redirectUrl ?? view.cancelUrl;
        setFinal({ kind: 'cancelled', returnUrl });
        post({ type: 'CHECKOUT_CANCELLED', sessionId, reason: 'user_cancelled' });
        if (embedMode === 'redirect') navigateTo(returnUrl);
        // A tab opened by the merchant's page may close itself; otherwise the cancelled screen stays.
        else if (embedMode === 'new_tab') leave(() => window.close());
        return;
      }
      case 'already_paid':
        setFinal({ kind: 'paid', payment: null, fresh: false, returnUrl: null });
        return;
      case 'expired':
        expire(outcome.redirectUrl);
        return;
      case 'unavailable':
        showBanner({ tone: 'error', title: 'We could not cancel right now.', text: 'Check your connection and try again.' });
        return;
    }
  }

  return (
    <main className={`flex min-h-dvh items-start justify-center ${compact ? 'p-2 sm:px-4' : 'px-3 py-5 sm:items-center sm:px-6 sm:py-12'}`}>
      <div className="w-full max-w-md">
        <section
          aria-labelledby="checkout-title"
          className={`rounded-2xl border border-white/10 bg-white/[0.03] p-4 shadow-2xl shadow-black/40 ${compact ? 'sm:p-5' : 'sm:p-7'}`}
        >
          <CheckoutHeading merchantName={view.merchantName} amountLabel={amountLabel} testMode={view.testMode} />

          {final ? (
            <ResultPanel final={final} view={view} amountLabel={amountLabel} headingRef={headingRef} />
          ) : (
            <>
              <CardForm
                compact={compact}
                amountLabel={amountLabel}
                interactive={interactive}
                busy={busy}
                cancelling={cancelling}
                serverFieldErrors={serverFieldErrors}
                onPay={(body) => void onPay(body)}
                onCancel={() => void onCancel()}
                banner={banner && <Alert banner={banner} innerRef={bannerRef} />}
              />
              {view.testMode && !compact && <TestCards />}
            </>
          )}
        </section>

        <footer className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-1 text-xs text-zinc-500 ${compact ? 'mt-2' : 'mt-5'}`}>
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
          {!final && view.testMode && compact && <TestCards inline />}
          {!final && <Countdown remainingMs={remainingMs} />}
        </footer>
      </div>
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
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

function ResultPanel(props: { final: Final; view: CheckoutView; amountLabel: string; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { final, view, amountLabel, headingRef } = props;
  const merchant = view.merchantName;
  let tone: 'ok' | 'warn' | 'muted' = 'muted';
  let title: string;
  let body: ReactNode;
  let returnLabel = `Return to ${merchant}`;
  switch (final.kind) {
    case 'paid':
      tone = 'ok';
      title = final.fresh ? 'Payment successful' : 'Already paid';
      body = (
        <>
          <p>
            {final.fresh
              ? `You paid ${amountLabel} to ${merchant}.`
              : `This checkout has already been paid. You will not be charged again.`}
          </p>
          {final.payment && (
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-white/5 bg-white/[0.02] p-3 text-left text-xs">
              <dt className="text-zinc-500">Card</dt>
              <dd className="text-zinc-200">
                {brandLabel(final.payment.brand)} ending in <span className="font-mono">{final.payment.last4}</span>
              </dd>
              <dt className="text-zinc-500">Reference</dt>
              <dd className="font-mono break-all text-zinc-200">{final.payment.transactionId}</dd>
            </dl>
          )}
          {final.fresh && (
            <p className="mt-4 inline-flex items-center gap-2 text-zinc-400">
              <Spinner /> Returning you to {merchant}…
            </p>
          )}
        </>
      );
      if (final.fresh) returnLabel = 'Continue now';
      break;
    case 'cancelled':
      title = 'Checkout cancelled';
      body = <p>No payment was made.</p>;
      break;
    case 'expired':
      tone = 'warn';
      title = final.reason === 'attempts_exhausted' ? 'Too many attempts' : 'Checkout expired';
      body = (
        <p>
          {final.reason === 'attempts_exhausted'
            ? 'This checkout can no longer be paid after too many unsuccessful attempts. No payment was made.'
            : 'This checkout session has expired. No payment was made.'}{' '}
          Return to {merchant} to start again.
        </p>
      );
      break;
    case 'error':
      tone = 'warn';
      title = 'Something went wrong';
      body = <p>{final.message}</p>;
      break;
  }
  const iconClass = { ok: 'bg-emerald-400/10 text-emerald-300', warn: 'bg-amber-400/10 text-amber-300', muted: 'bg-white/5 text-zinc-300' }[tone];
  return (
    <div className="mt-8 text-center">
      <span className={`mx-auto flex size-12 items-center justify-center rounded-full ${iconClass}`}>
        <svg viewBox="0 0 24 24" aria-hidden className="size-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
          {tone === 'ok' ? <path d="m5 12.5 4.5 4.5L19 7.5" /> : tone === 'warn' ? <path d="M12 8v5m0 3.5v.01M12 3l9.5 17h-19L12 3Z" /> : <path d="M6 6l12 12M18 6 6 18" />}
        </svg>
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-lg font-semibold text-white focus:outline-none">
        {title}
      </h2>
      <div className="mt-2 text-sm leading-relaxed text-zinc-400">{body}</div>
      {final.returnUrl && (
        <a
          href={final.returnUrl}
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-lg border border-white/10 px-4 py-2.5 text-sm font-medium text-zinc-200 transition hover:border-white/20 hover:bg-white/5"
        >
          {returnLabel}
        </a>
      )}
    </div>
  );
}
