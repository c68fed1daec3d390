// The screen that replaces the card form once the session is over: paid (now or before), cancelled, expired or
// out of attempts, or gone; with the way back to the merchant when there is one.
import type { ReactNode, RefObject } from 'react';
import { brandLabel } from '../../lib/checkout/card-input';
import type { PageResult } from '../../lib/checkout/page-state';
import { ButtonLink } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** `amountLabel` null: a setup session (the card is saved, nothing is charged). */
export function ResultPanel(props: { result: PageResult; merchantName: string; amountLabel: string | null; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { result, merchantName: merchant, amountLabel, headingRef } = props;
  const setup = amountLabel === null;
  let tone: 'ok' | 'warn' | 'muted' = 'muted';
  let title: string;
  let body: ReactNode;
  let returnLabel = `Return to ${merchant}`;
  switch (result.kind) {
    case 'completed':
      tone = 'ok';
      title = setup ? (result.fresh ? 'Card saved' : 'Card already saved') : result.fresh ? 'Payment successful' : 'Already paid';
      body = (
        <>
          <p>
            {setup
              ? result.fresh
                ? `Your card was saved for ${merchant}. You were not charged.`
                : 'A card has already been saved for this checkout. You were not charged.'
              : result.fresh
                ? `You paid ${amountLabel} to ${merchant}.`
                : `This checkout has already been paid. You will not be charged again.`}
          </p>
          {result.payment && (
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-white/5 bg-white/[0.02] p-3 text-left text-xs">
              <dt className="text-zinc-500">Card</dt>
              <dd className="text-zinc-200">
                {brandLabel(result.payment.brand)} ending in <span className="font-mono">{result.payment.last4}</span>
              </dd>
              {'transactionId' in result.payment && (
                <>
                  <dt className="text-zinc-500">Reference</dt>
                  <dd className="font-mono break-all text-zinc-200">{result.payment.transactionId}</dd>
                </>
              )}
            </dl>
          )}
          {result.fresh && (
            <p className="mt-4 inline-flex items-center gap-2 text-zinc-400">
              <Spinner /> Returning you to {merchant}…
            </p>
          )}
        </>
      );
      if (result.fresh) returnLabel = 'Continue now';
      break;
    case 'cancelled':
      title = 'Checkout cancelled';
      body = <p>No payment was made.</p>;
      break;
    case 'expired':
      tone = 'warn';
      title = result.reason === 'attempts_exhausted' ? 'Too many attempts' : 'Checkout expired';
      body = (
        <p>
          {result.reason === 'attempts_exhausted'
            ? 'This checkout can no longer be paid after too many unsuccessful attempts. No payment was made.'
            : 'This checkout session has expired. No payment was made.'}{' '}
          Return to {merchant} to start again.
        </p>
      );
      break;
    case 'failed':
      tone = 'warn';
      title = 'Something went wrong';
      body = <p>{result.message}</p>;
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
      {result.returnUrl && (
        <ButtonLink href={result.returnUrl} variant="checkout-outline" className="mt-6 text-zinc-200">
          {returnLabel}
        </ButtonLink>
      )}
    </div>
  );
}
