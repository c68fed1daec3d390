// The hosted checkout page's life as one pure reducer: what the page shows and which call is in flight, and
// for each action the messages to the embedding page, navigations and calls to make (the page performs them,
// components/checkout/use-checkout-page.ts). No React, no DOM, no imports: the rules can be tested alone.
// Rules (issue 4): CHECKOUT_READY once loaded; after success post PAYMENT_SUCCESS, then the document itself
// goes to successUrl; cancel → cancelUrl (redirect), the tab closes (new_tab), the message only (popup,
// iframe); expiry or an unrecoverable error in redirect mode → errorUrl. Messages are never delivered in
// redirect mode (components/checkout/messages.ts has no window to post to there).
// A session runs out three ways: the page's own timer reaches the deadline, the server answers a pay or
// cancel call with 410, or the page loads already over. The timer never ends a pay call in flight: the page
// expires when the call has answered, unless the answer ended the session.

export type EmbedMode = 'redirect' | 'popup' | 'iframe' | 'new_tab';
export type CheckoutErrorInfo = { code: string; message: string };
export type ChargedPaymentData = { transactionId: string; amount: string; currency: string; brand: string | null; last4: string };
/** Setup mode: the card was saved as `token`; nothing was charged. */
export type SavedCardData = { token: string; brand: string | null; last4: string };
/** What PAYMENT_SUCCESS carries: a charge's data, or (setup mode) the saved card's token, brand and last 4. */
export type PaymentData = ChargedPaymentData | SavedCardData;
export type FieldIssue = { path: string; message: string };

/** The pay call's body: card data, passed through to the call, never kept in the state. */
export type PayBody = { cardNumber: string; expirationMonth: string; expirationYear: string; cvc: string; cardholderName?: string };

/** The pay call's answer as the page reads it (components/checkout/checkout-api.ts). */
export type PayOutcome =
  | { kind: 'paid'; paymentData: PaymentData; redirectUrl: string }
  /** Declined or processor error; `final` when that was the last attempt (the session is over). */
  | { kind: 'failed'; error: CheckoutErrorInfo; attemptsRemaining: number | null; final: boolean; redirectUrl: string | null }
  | { kind: 'invalid'; fields: FieldIssue[] }
  | { kind: 'already_paid' }
  | { kind: 'cancelled' }
  | { kind: 'exhausted'; error: CheckoutErrorInfo; redirectUrl: string | null }
  | { kind: 'expired'; redirectUrl: string | null }
  | { kind: 'in_progress'; error: CheckoutErrorInfo }
  | { kind: 'not_found'; error: CheckoutErrorInfo }
  /** 429: too many Pay requests from this connection or for this session; nothing was charged. */
  | { kind: 'rate_limited'; error: CheckoutErrorInfo; retryAfterSeconds: number | null }
  /** Network failure, 5xx without a processor verdict, or anything unexpected: the customer may try again. */
  | { kind: 'unavailable' };

export type CancelOutcome =
  | { kind: 'cancelled'; redirectUrl: string | null }
  | { kind: 'already_paid' }
  | { kind: 'expired'; redirectUrl: string | null }
  | { kind: 'unavailable' };

/** The messages to the embedding page (the spec's Events). */
export type CheckoutMessage =
  | { type: 'CHECKOUT_READY'; sessionId: string }
  | { type: 'PAYMENT_SUCCESS'; sessionId: string; paymentData: PaymentData }
  | { type: 'PAYMENT_ERROR'; sessionId: string; error: CheckoutErrorInfo }
  | { type: 'CHECKOUT_CANCELLED'; sessionId: string; reason: 'user_cancelled' }
  | { type: 'CHECKOUT_ERROR'; sessionId: string; error: CheckoutErrorInfo }
  | { type: 'CHECKOUT_EXPIRED'; sessionId: string; error: CheckoutErrorInfo };

/** What the server rendered the page with; fixed for the page's life. */
export type PageContext = {
  sessionId: string;
  embedMode: EmbedMode;
  merchantName: string;
  cancelUrl: string;
  /** Return URLs computed on the server (lib/checkout/return-urls.ts), so page and endpoints agree. */
  returnUrls: { expired: string; exhausted: string; error: string; paid: string | null };
  /** The errors posted on expiry and on running out of attempts (the spec's texts, given by the page). */
  expiredError: CheckoutErrorInfo;
  exhaustedError: CheckoutErrorInfo;
};

/** The session as the server rendered it. */
export type InitialSession = {
  status: 'open' | 'completed' | 'cancelled' | 'expired';
  attempts: number;
  maxAttempts: number;
  payment: PaymentData | null;
  /** Time left until the deadline, by the server's clock when it rendered. */
  remainingMs: number;
};

/** The result screen that replaces the form once the session is over. */
export type PageResult =
  | { kind: 'completed'; payment: PaymentData | null; fresh: boolean; returnUrl: string | null }
  | { kind: 'cancelled'; returnUrl: string | null }
  | { kind: 'expired'; reason: 'expired' | 'attempts_exhausted'; returnUrl: string | null }
  | { kind: 'failed'; message: string; returnUrl: string | null };

/** A message above the form; `focus`: it takes focus once shown (an answer), so it is read out first. */
export type Banner = { tone: 'error' | 'info'; title: string; text?: string; focus: boolean };

export type PagePhase =
  /** Server-rendered, not hydrated yet: nothing may be submitted. */
  | 'loading'
  | 'ready'
  | 'paying'
  /** A cancel call in flight; the timer may still end the session meanwhile (its answer then still counts). */
  | 'cancelling'
  | 'over';

export type PageState = {
  phase: PagePhase;
  /** Set once the session is over (already while loading when it was over before the page). */
  result: PageResult | null;
  banner: Banner | null;
  /** The server's field errors (400), shown on their fields; a new array each answer. */
  fieldErrors: FieldIssue[] | null;
  /** The live region's text. */
  announcement: string;
  /** Until the deadline, by the customer's clock corrected by the server's. */
  remainingMs: number;
  /** The deadline passed while the pay call was in flight. */
  expiredWhilePaying: boolean;
};

export type PageAction =
  | { type: 'loaded' }
  | { type: 'tick'; remainingMs: number }
  | { type: 'pay'; body: PayBody }
  | { type: 'payAnswered'; outcome: PayOutcome }
  | { type: 'cancel' }
  | { type: 'cancelAnswered'; outcome: CancelOutcome };

export type PageEffect =
  | { kind: 'post'; message: CheckoutMessage }
  /** Leave for `url` after `afterMs` (0: now). */
  | { kind: 'navigate'; url: string; afterMs: number }
  | { kind: 'close'; afterMs: number }
  | { kind: 'pay'; body: PayBody }
  | { kind: 'cancel' };

export type PageStep = { state: PageState; effects: PageEffect[] };

/**
 * Chromium forwards a postMessage to another process in a task after the posting script; leaving the page in
 * the same task (navigation, window.close) can lose it. So after a message the page leaves one beat later.
 */
export const MESSAGE_BEAT_MS = 150;
/** How long a page loaded already over shows why before redirect mode takes the customer to errorUrl. */
export const OVER_ON_LOAD_NOTICE_MS = 2_500;

export function attemptsText(remaining: number): string {
  return remaining === 1 ? '1 attempt left.' : `${remaining} attempts left.`;
}

function initialResult(context: PageContext, session: InitialSession): PageResult | null {
  switch (session.status) {
    case 'completed':
      return { kind: 'completed', payment: session.payment, fresh: false, returnUrl: context.returnUrls.paid };
    case 'cancelled':
      return { kind: 'cancelled', returnUrl: context.cancelUrl };
    case 'expired':
      return session.attempts >= session.maxAttempts
        ? { kind: 'expired', reason: 'attempts_exhausted', returnUrl: context.returnUrls.exhausted }
        : { kind: 'expired', reason: 'expired', returnUrl: context.returnUrls.expired };
    case 'open':
      return null;
  }
}

export function initialPageState(context: PageContext, session: InitialSession): PageState {
  const previousAttempt = session.status === 'open' && session.attempts > 0;
  return {
    phase: 'loading',
    result: initialResult(context, session),
    banner: previousAttempt
      ? { tone: 'info', title: 'A previous payment attempt did not go through.', text: attemptsText(session.maxAttempts - session.attempts), focus: false }
      : null,
    fieldErrors: null,
    announcement: '',
    remainingMs: session.remainingMs,
    expiredWhilePaying: false,
  };
}

export function reduceCheckoutPage(context: PageContext, state: PageState, action: PageAction): PageStep {
  switch (action.type) {
    case 'loaded':
      return state.phase === 'loading' ? loaded(context, state) : unchanged(state);
    case 'tick':
      // The clock counts from hydration until the session is over.
      return state.phase === 'loading' || state.result ? unchanged(state) : tick(context, state, action.remainingMs);
    case 'pay':
      if (state.phase !== 'ready' || state.result) return unchanged(state);
      return { state: { ...state, phase: 'paying', banner: null, announcement: 'Processing your payment…' }, effects: [{ kind: 'pay', body: action.body }] };
    case 'payAnswered':
      return state.phase === 'paying' ? payAnswered(context, state, action.outcome) : unchanged(state);
    case 'cancel':
      if (state.phase !== 'ready' || state.result) return unchanged(state);
      return { state: { ...state, phase: 'cancelling', banner: null }, effects: [{ kind: 'cancel' }] };
    case 'cancelAnswered':
      return state.phase === 'cancelling' ? cancelAnswered(context, state, action.outcome) : unchanged(state);
  }
}

function unchanged(state: PageState): PageStep {
  return { state, effects: [] };
}

/** A message for the embedding page, its fields in the spec's order: type, sessionId, then the rest. */
function post(context: PageContext, message: DistributiveOmit<CheckoutMessage, 'sessionId'>): PageEffect {
  const { type, ...rest } = message;
  return { kind: 'post', message: { type, sessionId: context.sessionId, ...rest } as CheckoutMessage };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Leaves right after a message: at once in redirect mode (no message goes anywhere), else one beat later. */
function leave(context: PageContext, url: string): PageEffect {
  return { kind: 'navigate', url, afterMs: context.embedMode === 'redirect' ? 0 : MESSAGE_BEAT_MS };
}

/** Only redirect mode navigates on expiry and errors; the other modes show the result and post. */
function redirectOnly(context: PageContext, url: string): PageEffect[] {
  return context.embedMode === 'redirect' ? [{ kind: 'navigate', url, afterMs: 0 }] : [];
}

function over(state: PageState, result: PageResult, effects: PageEffect[]): PageStep {
  return { state: { ...state, phase: 'over', result }, effects };
}

function loaded(context: PageContext, state: PageState): PageStep {
  const ready = post(context, { type: 'CHECKOUT_READY' });
  const result = state.result;
  if (!result) return { state: { ...state, phase: 'ready' }, effects: [ready] };
  if (result.kind !== 'expired') return { state: { ...state, phase: 'over' }, effects: [ready] };
  const effects: PageEffect[] = [
    ready,
    result.reason === 'attempts_exhausted'
      ? post(context, { type: 'CHECKOUT_ERROR', error: context.exhaustedError })
      : post(context, { type: 'CHECKOUT_EXPIRED', error: context.expiredError }),
  ];
  // Loaded already over: redirect mode ends as it would had it run out here (errorUrl with the reason),
  // after the expired page has said why for a moment; in the other modes that page is the whole answer.
  if (context.embedMode === 'redirect' && result.returnUrl) effects.push({ kind: 'navigate', url: result.returnUrl, afterMs: OVER_ON_LOAD_NOTICE_MS });
  return { state: { ...state, phase: 'over' }, effects };
}

function tick(context: PageContext, state: PageState, remainingMs: number): PageStep {
  const next = { ...state, remainingMs };
  if (remainingMs > 0) return { state: next, effects: [] };
  if (state.phase === 'paying') return { state: { ...next, expiredWhilePaying: true }, effects: [] };
  return expire(context, next, null);
}

/** The session ran out (the timer, or the server's 410 with its redirectUrl); a result already shown stays. */
function expire(context: PageContext, state: PageState, redirectUrl: string | null): PageStep {
  if (state.result) return unchanged(state);
  const url = redirectUrl ?? context.returnUrls.expired;
  // A cancel call still in flight keeps its phase: its answer still counts (see cancelAnswered).
  const phase = state.phase === 'cancelling' ? 'cancelling' : 'over';
  return {
    state: { ...state, phase, result: { kind: 'expired', reason: 'expired', returnUrl: url } },
    effects: [post(context, { type: 'CHECKOUT_EXPIRED', error: context.expiredError }), ...redirectOnly(context, url)],
  };
}

function exhausted(context: PageContext, state: PageState, redirectUrl: string | null): PageStep {
  const url = redirectUrl ?? context.returnUrls.exhausted;
  return over(state, { kind: 'expired', reason: 'attempts_exhausted', returnUrl: url }, [
    post(context, { type: 'CHECKOUT_ERROR', error: context.exhaustedError }),
    ...redirectOnly(context, url),
  ]);
}

function shown(banner: Omit<Banner, 'focus'>): Banner {
  return { ...banner, focus: true };
}

function payAnswered(context: PageContext, paying: PageState, outcome: PayOutcome): PageStep {
  const state: PageState = { ...paying, phase: 'ready', announcement: '', expiredWhilePaying: false };
  // An answer that leaves the form up: the deadline that passed meanwhile now ends the page.
  const thenExpire = (step: PageStep): PageStep => {
    if (!paying.expiredWhilePaying) return step;
    const expired = expire(context, step.state, null);
    return { state: expired.state, effects: [...step.effects, ...expired.effects] };
  };
  switch (outcome.kind) {
    case 'paid':
      return over(
        { ...state, announcement: `${'token' in outcome.paymentData ? 'Card saved' : 'Payment successful'}. Returning you to ${context.merchantName}.` },
        { kind: 'completed', payment: outcome.paymentData, fresh: true, returnUrl: outcome.redirectUrl },
        [post(context, { type: 'PAYMENT_SUCCESS', paymentData: outcome.paymentData }), leave(context, outcome.redirectUrl)],
      );
    case 'failed': {
      const error = post(context, { type: 'PAYMENT_ERROR', error: outcome.error });
      if (outcome.final) {
        const ended = exhausted(context, state, outcome.redirectUrl);
        return { state: ended.state, effects: [error, ...ended.effects] };
      }
      const advice = 'Check your details or use another card.';
      const banner = shown({
        tone: 'error',
        title: outcome.error.message.replace(/\.?$/, '.'),
        text: outcome.attemptsRemaining === null ? advice : `${advice} ${attemptsText(outcome.attemptsRemaining)}`,
      });
      return thenExpire({ state: { ...state, banner }, effects: [error] });
    }
    case 'invalid': {
      const banner = outcome.fields.length ? null : shown({ tone: 'error', title: 'Check your card details and try again.' });
      return thenExpire({ state: { ...state, fieldErrors: outcome.fields, banner }, effects: [] });
    }
    case 'already_paid':
      return over(state, { kind: 'completed', payment: null, fresh: false, returnUrl: null }, []);
    case 'cancelled':
      return over(state, { kind: 'cancelled', returnUrl: context.cancelUrl }, []);
    case 'exhausted':
      return exhausted(context, state, outcome.redirectUrl);
    case 'expired':
      return expire(context, state, outcome.redirectUrl);
    case 'in_progress': {
      const banner = shown({ tone: 'info', title: 'A payment for this checkout is already in progress.', text: 'Wait a moment before trying again.' });
      return thenExpire({ state: { ...state, banner }, effects: [] });
    }
    case 'not_found':
      return over(state, { kind: 'failed', message: 'This checkout session no longer exists.', returnUrl: context.returnUrls.error }, [
        post(context, { type: 'CHECKOUT_ERROR', error: outcome.error }),
        ...redirectOnly(context, context.returnUrls.error),
      ]);
    case 'rate_limited': {
      // Card-testing limit: nothing was charged and no attempt used; the embedding page hears it as a
      // payment error (the SDK's onError), the customer reads the server's message.
      const banner = shown({ tone: 'error', title: outcome.error.message, text: 'No payment was made.' });
      return thenExpire({ state: { ...state, banner }, effects: [post(context, { type: 'PAYMENT_ERROR', error: outcome.error })] });
    }
    case 'unavailable': {
      const banner = shown({ tone: 'error', title: 'We could not reach the payment service.', text: 'Check your connection and try again.' });
      return thenExpire({ state: { ...state, banner }, effects: [] });
    }
  }
}

function cancelAnswered(context: PageContext, cancelling: PageState, outcome: CancelOutcome): PageStep {
  // The timer may have ended the page meanwhile; the server's answer still counts, as it always has.
  const state: PageState = { ...cancelling, phase: cancelling.result ? 'over' : 'ready' };
  switch (outcome.kind) {
    case 'cancelled': {
      const url = outcome.redirectUrl ?? context.cancelUrl;
      const effects: PageEffect[] = [post(context, { type: 'CHECKOUT_CANCELLED', reason: 'user_cancelled' })];
      if (context.embedMode === 'redirect') effects.push({ kind: 'navigate', url, afterMs: 0 });
      // A tab opened by the merchant's page may close itself; otherwise the cancelled screen stays.
      else if (context.embedMode === 'new_tab') effects.push({ kind: 'close', afterMs: MESSAGE_BEAT_MS });
      return over(state, { kind: 'cancelled', returnUrl: url }, effects);
    }
    case 'already_paid':
      return over(state, { kind: 'completed', payment: null, fresh: false, returnUrl: null }, []);
    case 'expired':
      return expire(context, state, outcome.redirectUrl);
    case 'unavailable':
      return { state: { ...state, banner: shown({ tone: 'error', title: 'We could not cancel right now.', text: 'Check your connection and try again.' }) }, effects: [] };
  }
}
