// The checkout page's reducer: every state × action, the exact next state and the exact effects (messages to
// the embedding page, navigations, calls), and the actions a state ignores.
import { describe, expect, it } from 'vitest';
import {
  initialPageState,
  reduceCheckoutPage,
  type EmbedMode,
  type InitialSession,
  type PageAction,
  type PageContext,
  type PageEffect,
  type PageState,
  type PayOutcome,
} from './page-state';

const SESSION_ID = 'cs_AAAAAAAAAAAAAAAAAAAAAAAA';
const EXPIRED_ERROR = { code: 'session_expired', message: 'This checkout session has expired' };
const EXHAUSTED_ERROR = { code: 'attempts_exhausted', message: 'Too many payment attempts' };
const DECLINED = { code: 'card_declined', message: 'Your card was declined' };
const PAYMENT = { transactionId: 'sbx_BBBBBBBBBBBBBBBBBBBBBBBB', amount: '24.90', currency: 'EUR', brand: 'visa', last4: '4242' };
const BODY = { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2034', cvc: '123', cardholderName: 'Ada Lovelace' };
const URLS = {
  cancel: 'https://shop.example/cancel',
  expired: 'https://shop.example/error?sessionId=x&error=expired',
  exhausted: 'https://shop.example/error?sessionId=x&error=attempts_exhausted',
  error: 'https://shop.example/error?sessionId=x&error=checkout_error',
  paid: 'https://shop.example/success?transactionId=sbx',
  fromServer: 'https://shop.example/from-the-server',
};
const MODES: EmbedMode[] = ['redirect', 'popup', 'iframe', 'new_tab'];
const FRAMED: EmbedMode[] = ['popup', 'iframe', 'new_tab'];

function contextFor(embedMode: EmbedMode): PageContext {
  return {
    sessionId: SESSION_ID,
    embedMode,
    merchantName: 'E2E Coffee Roasters',
    cancelUrl: URLS.cancel,
    returnUrls: { expired: URLS.expired, exhausted: URLS.exhausted, error: URLS.error, paid: URLS.paid },
    expiredError: EXPIRED_ERROR,
    exhaustedError: EXHAUSTED_ERROR,
  };
}

const OPEN: InitialSession = { status: 'open', attempts: 0, maxAttempts: 5, payment: null, remainingMs: 60_000 };

/** A state from the fields that differ from a fresh open page's. */
function state(fields: Partial<PageState>): PageState {
  return { phase: 'ready', result: null, banner: null, fieldErrors: null, announcement: '', remainingMs: 60_000, expiredWhilePaying: false, ...fields };
}

const READY = state({});
const PAYING = state({ phase: 'paying', announcement: 'Processing your payment…' });
const CANCELLING = state({ phase: 'cancelling' });
const OVER = state({ phase: 'over', result: { kind: 'cancelled', returnUrl: URLS.cancel } });
const LOADING = state({ phase: 'loading' });

function step(mode: EmbedMode, from: PageState, action: PageAction) {
  return reduceCheckoutPage(contextFor(mode), from, action);
}

const ready = { kind: 'post', message: { type: 'CHECKOUT_READY', sessionId: SESSION_ID } } as const;
const expiredMessage = { kind: 'post', message: { type: 'CHECKOUT_EXPIRED', sessionId: SESSION_ID, error: EXPIRED_ERROR } } as const;
const exhaustedMessage = { kind: 'post', message: { type: 'CHECKOUT_ERROR', sessionId: SESSION_ID, error: EXHAUSTED_ERROR } } as const;
const paymentError = (error: { code: string; message: string }) => ({ kind: 'post', message: { type: 'PAYMENT_ERROR', sessionId: SESSION_ID, error } }) as const;
const navigate = (url: string, afterMs = 0) => ({ kind: 'navigate', url, afterMs }) as const;
/** Redirect mode navigates on expiry and errors; the other modes do not. */
const redirectTo = (mode: EmbedMode, url: string): PageEffect[] => (mode === 'redirect' ? [navigate(url)] : []);

const expiredResult = (returnUrl: string) => ({ kind: 'expired', reason: 'expired', returnUrl }) as const;
const exhaustedResult = (returnUrl: string) => ({ kind: 'expired', reason: 'attempts_exhausted', returnUrl }) as const;

describe('initialPageState: what the server rendered', () => {
  const context = contextFor('redirect');

  it('an open session loads with the form, not usable yet, and the time left by the server clock', () => {
    expect(initialPageState(context, OPEN)).toStrictEqual(state({ phase: 'loading' }));
    expect(initialPageState(context, { ...OPEN, remainingMs: 1_234 }).remainingMs).toBe(1_234);
  });

  it('an open session with failed attempts says so (not focused: nothing was answered on this page)', () => {
    expect(initialPageState(context, { ...OPEN, attempts: 1 })).toStrictEqual(
      state({ phase: 'loading', banner: { tone: 'info', title: 'A previous payment attempt did not go through.', text: '4 attempts left.', focus: false } }),
    );
    expect(initialPageState(context, { ...OPEN, attempts: 4 }).banner?.text).toBe('1 attempt left.');
  });

  it('a completed session shows its payment, with the success return URL', () => {
    expect(initialPageState(context, { ...OPEN, status: 'completed', attempts: 1, payment: PAYMENT })).toStrictEqual(
      state({ phase: 'loading', result: { kind: 'completed', payment: PAYMENT, fresh: false, returnUrl: URLS.paid } }),
    );
  });

  it('a cancelled session shows cancelled, back to cancelUrl', () => {
    expect(initialPageState(context, { ...OPEN, status: 'cancelled' })).toStrictEqual(state({ phase: 'loading', result: { kind: 'cancelled', returnUrl: URLS.cancel } }));
  });

  it('an expired session shows expired, or out of attempts when it used them all', () => {
    expect(initialPageState(context, { ...OPEN, status: 'expired', attempts: 4 })).toStrictEqual(state({ phase: 'loading', result: expiredResult(URLS.expired) }));
    expect(initialPageState(context, { ...OPEN, status: 'expired', attempts: 5 })).toStrictEqual(state({ phase: 'loading', result: exhaustedResult(URLS.exhausted) }));
  });
});

describe('loaded', () => {
  it.each(MODES)('%s: an open page becomes ready and posts CHECKOUT_READY', (mode) => {
    expect(step(mode, LOADING, { type: 'loaded' })).toStrictEqual({ state: READY, effects: [ready] });
  });

  it.each(MODES)('%s: a page loaded completed or cancelled only posts CHECKOUT_READY', (mode) => {
    for (const result of [{ kind: 'completed', payment: PAYMENT, fresh: false, returnUrl: URLS.paid }, { kind: 'cancelled', returnUrl: URLS.cancel }] as const) {
      expect(step(mode, state({ phase: 'loading', result }), { type: 'loaded' })).toStrictEqual({ state: state({ phase: 'over', result }), effects: [ready] });
    }
  });

  it.each(FRAMED)('%s: a page loaded expired posts READY then EXPIRED, and stays', (mode) => {
    const result = expiredResult(URLS.expired);
    expect(step(mode, state({ phase: 'loading', result }), { type: 'loaded' })).toStrictEqual({ state: state({ phase: 'over', result }), effects: [ready, expiredMessage] });
  });

  it.each(FRAMED)('%s: a page loaded out of attempts posts READY then CHECKOUT_ERROR, and stays', (mode) => {
    const result = exhaustedResult(URLS.exhausted);
    expect(step(mode, state({ phase: 'loading', result }), { type: 'loaded' })).toStrictEqual({ state: state({ phase: 'over', result }), effects: [ready, exhaustedMessage] });
  });

  it('redirect: a page loaded over goes to errorUrl after 2.5 s of saying why', () => {
    const expired = expiredResult(URLS.expired);
    expect(step('redirect', state({ phase: 'loading', result: expired }), { type: 'loaded' })).toStrictEqual({
      state: state({ phase: 'over', result: expired }),
      effects: [ready, expiredMessage, navigate(URLS.expired, 2_500)],
    });
    const exhausted = exhaustedResult(URLS.exhausted);
    expect(step('redirect', state({ phase: 'loading', result: exhausted }), { type: 'loaded' })).toStrictEqual({
      state: state({ phase: 'over', result: exhausted }),
      effects: [ready, exhaustedMessage, navigate(URLS.exhausted, 2_500)],
    });
  });

  it('is ignored once loaded (StrictMode runs the effect twice)', () => {
    for (const from of [READY, PAYING, CANCELLING, OVER]) expect(step('popup', from, { type: 'loaded' })).toStrictEqual({ state: from, effects: [] });
  });
});

describe('tick: the page clock', () => {
  it.each([READY, CANCELLING, PAYING])('with time left it only updates the countdown ($phase)', (from) => {
    expect(step('redirect', from, { type: 'tick', remainingMs: 30_500 })).toStrictEqual({ state: { ...from, remainingMs: 30_500 }, effects: [] });
  });

  it.each(MODES)('%s: at the deadline a ready page expires: CHECKOUT_EXPIRED, and redirect mode goes to errorUrl', (mode) => {
    expect(step(mode, READY, { type: 'tick', remainingMs: 0 })).toStrictEqual({
      state: state({ phase: 'over', result: expiredResult(URLS.expired), remainingMs: 0 }),
      effects: [expiredMessage, ...redirectTo(mode, URLS.expired)],
    });
  });

  it('past the deadline during a pay call it only remembers: the answer comes first', () => {
    expect(step('redirect', PAYING, { type: 'tick', remainingMs: -200 })).toStrictEqual({
      state: { ...PAYING, remainingMs: -200, expiredWhilePaying: true },
      effects: [],
    });
  });

  it.each(MODES)('%s: at the deadline during a cancel call the page expires, the call still pending', (mode) => {
    expect(step(mode, CANCELLING, { type: 'tick', remainingMs: -1 })).toStrictEqual({
      state: state({ phase: 'cancelling', result: expiredResult(URLS.expired), remainingMs: -1 }),
      effects: [expiredMessage, ...redirectTo(mode, URLS.expired)],
    });
  });

  it('is ignored before hydration and once over', () => {
    for (const from of [LOADING, OVER, state({ phase: 'cancelling', result: expiredResult(URLS.expired) })]) {
      expect(step('redirect', from, { type: 'tick', remainingMs: 0 })).toStrictEqual({ state: from, effects: [] });
    }
  });
});

describe('pay', () => {
  it('a ready page starts the pay call with the body, clears the last answer and announces it', () => {
    const withBanner = state({ banner: { tone: 'error', title: 'Your card was declined.', text: 'Check.', focus: true } });
    expect(step('iframe', withBanner, { type: 'pay', body: BODY })).toStrictEqual({ state: PAYING, effects: [{ kind: 'pay', body: BODY }] });
  });

  it('keeps the server field errors of the last answer (the form clears them as fields change)', () => {
    const fields = [{ path: 'cvc', message: 'Enter the security code.' }];
    expect(step('iframe', state({ fieldErrors: fields }), { type: 'pay', body: BODY }).state.fieldErrors).toBe(fields);
  });

  it('is ignored before hydration, during a call and once over', () => {
    for (const from of [LOADING, PAYING, CANCELLING, OVER]) expect(step('redirect', from, { type: 'pay', body: BODY })).toStrictEqual({ state: from, effects: [] });
  });
});

describe('payAnswered', () => {
  const answered = (mode: EmbedMode, outcome: PayOutcome, from: PageState = PAYING) => step(mode, from, { type: 'payAnswered', outcome });

  it('paid, redirect: PAYMENT_SUCCESS (goes nowhere) and straight to successUrl', () => {
    expect(answered('redirect', { kind: 'paid', paymentData: PAYMENT, redirectUrl: URLS.paid })).toStrictEqual({
      state: state({
        phase: 'over',
        result: { kind: 'completed', payment: PAYMENT, fresh: true, returnUrl: URLS.paid },
        announcement: 'Payment successful. Returning you to E2E Coffee Roasters.',
      }),
      effects: [{ kind: 'post', message: { type: 'PAYMENT_SUCCESS', sessionId: SESSION_ID, paymentData: PAYMENT } }, navigate(URLS.paid)],
    });
  });

  it.each(FRAMED)('paid, %s: PAYMENT_SUCCESS, then successUrl one beat (150 ms) later', (mode) => {
    expect(answered(mode, { kind: 'paid', paymentData: PAYMENT, redirectUrl: URLS.paid }).effects).toStrictEqual([
      { kind: 'post', message: { type: 'PAYMENT_SUCCESS', sessionId: SESSION_ID, paymentData: PAYMENT } },
      navigate(URLS.paid, 150),
    ]);
  });

  it.each(FRAMED)('setup mode\'s saved card, %s: PAYMENT_SUCCESS with the token, brand and last 4, "Card saved", then successUrl', (mode) => {
    const saved = { token: 'tok_3kT9fQ2xVbN8mWcR5yZ1aH7d', brand: 'visa', last4: '4242' };
    expect(answered(mode, { kind: 'paid', paymentData: saved, redirectUrl: URLS.paid })).toStrictEqual({
      state: state({
        phase: 'over',
        result: { kind: 'completed', payment: saved, fresh: true, returnUrl: URLS.paid },
        announcement: 'Card saved. Returning you to E2E Coffee Roasters.',
      }),
      effects: [{ kind: 'post', message: { type: 'PAYMENT_SUCCESS', sessionId: SESSION_ID, paymentData: saved } }, navigate(URLS.paid, 150)],
    });
  });

  it('declined with attempts left: PAYMENT_ERROR, the form back with the reason focused', () => {
    expect(answered('popup', { kind: 'failed', error: DECLINED, attemptsRemaining: 4, final: false, redirectUrl: null })).toStrictEqual({
      state: state({ banner: { tone: 'error', title: 'Your card was declined.', text: 'Check your details or use another card. 4 attempts left.', focus: true } }),
      effects: [paymentError(DECLINED)],
    });
    const lastOne = answered('popup', { kind: 'failed', error: { code: 'insufficient_funds', message: 'Insufficient funds.' }, attemptsRemaining: 1, final: false, redirectUrl: null });
    expect(lastOne.state.banner).toStrictEqual({ tone: 'error', title: 'Insufficient funds.', text: 'Check your details or use another card. 1 attempt left.', focus: true });
  });

  it('failed without a count: the advice alone', () => {
    expect(answered('popup', { kind: 'failed', error: DECLINED, attemptsRemaining: null, final: false, redirectUrl: null }).state.banner).toStrictEqual({
      tone: 'error',
      title: 'Your card was declined.',
      text: 'Check your details or use another card.',
      focus: true,
    });
  });

  it.each(MODES)('%s: the last attempt declined: PAYMENT_ERROR, then CHECKOUT_ERROR and out of attempts', (mode) => {
    expect(answered(mode, { kind: 'failed', error: DECLINED, attemptsRemaining: 0, final: true, redirectUrl: URLS.fromServer })).toStrictEqual({
      state: state({ phase: 'over', result: exhaustedResult(URLS.fromServer) }),
      effects: [paymentError(DECLINED), exhaustedMessage, ...redirectTo(mode, URLS.fromServer)],
    });
    expect(answered(mode, { kind: 'failed', error: DECLINED, attemptsRemaining: 0, final: true, redirectUrl: null }).state.result).toStrictEqual(exhaustedResult(URLS.exhausted));
  });

  it('invalid with fields: they go to the form, no message', () => {
    const fields = [{ path: 'cardNumber', message: 'Your card number is invalid.' }];
    expect(answered('iframe', { kind: 'invalid', fields })).toStrictEqual({ state: state({ fieldErrors: fields }), effects: [] });
  });

  it('invalid without fields: a general notice', () => {
    expect(answered('iframe', { kind: 'invalid', fields: [] })).toStrictEqual({
      state: state({ fieldErrors: [], banner: { tone: 'error', title: 'Check your card details and try again.', focus: true } }),
      effects: [],
    });
  });

  it.each(MODES)('%s: already paid: the paid screen, nothing posted, nowhere to go', (mode) => {
    expect(answered(mode, { kind: 'already_paid' })).toStrictEqual({
      state: state({ phase: 'over', result: { kind: 'completed', payment: null, fresh: false, returnUrl: null } }),
      effects: [],
    });
  });

  it.each(MODES)('%s: cancelled elsewhere: the cancelled screen, nothing posted', (mode) => {
    expect(answered(mode, { kind: 'cancelled' })).toStrictEqual({ state: state({ phase: 'over', result: { kind: 'cancelled', returnUrl: URLS.cancel } }), effects: [] });
  });

  it.each(MODES)('%s: out of attempts (409): CHECKOUT_ERROR, redirect mode to the URL given or errorUrl', (mode) => {
    expect(answered(mode, { kind: 'exhausted', error: EXHAUSTED_ERROR, redirectUrl: URLS.fromServer })).toStrictEqual({
      state: state({ phase: 'over', result: exhaustedResult(URLS.fromServer) }),
      effects: [exhaustedMessage, ...redirectTo(mode, URLS.fromServer)],
    });
    expect(answered(mode, { kind: 'exhausted', error: EXHAUSTED_ERROR, redirectUrl: null })).toStrictEqual({
      state: state({ phase: 'over', result: exhaustedResult(URLS.exhausted) }),
      effects: [exhaustedMessage, ...redirectTo(mode, URLS.exhausted)],
    });
  });

  it.each(MODES)("%s: the server's 410: CHECKOUT_EXPIRED, redirect mode to the URL given or errorUrl", (mode) => {
    expect(answered(mode, { kind: 'expired', redirectUrl: URLS.fromServer })).toStrictEqual({
      state: state({ phase: 'over', result: expiredResult(URLS.fromServer) }),
      effects: [expiredMessage, ...redirectTo(mode, URLS.fromServer)],
    });
    expect(answered(mode, { kind: 'expired', redirectUrl: null })).toStrictEqual({
      state: state({ phase: 'over', result: expiredResult(URLS.expired) }),
      effects: [expiredMessage, ...redirectTo(mode, URLS.expired)],
    });
  });

  it('a payment in progress elsewhere: wait and retry, nothing posted', () => {
    expect(answered('popup', { kind: 'in_progress', error: { code: 'payment_in_progress', message: 'A payment is in progress' } })).toStrictEqual({
      state: state({ banner: { tone: 'info', title: 'A payment for this checkout is already in progress.', text: 'Wait a moment before trying again.', focus: true } }),
      effects: [],
    });
  });

  it.each(MODES)('%s: the session is gone: CHECKOUT_ERROR with the answer, redirect mode to errorUrl', (mode) => {
    const error = { code: 'not_found', message: 'Checkout session not found' };
    expect(answered(mode, { kind: 'not_found', error })).toStrictEqual({
      state: state({ phase: 'over', result: { kind: 'failed', message: 'This checkout session no longer exists.', returnUrl: URLS.error } }),
      effects: [{ kind: 'post', message: { type: 'CHECKOUT_ERROR', sessionId: SESSION_ID, error } }, ...redirectTo(mode, URLS.error)],
    });
  });

  it("rate limited: PAYMENT_ERROR, the server's message and no charge", () => {
    const error = { code: 'rate_limited', message: 'Too many payment requests in a short time. Please wait a minute and try again.' };
    expect(answered('iframe', { kind: 'rate_limited', error, retryAfterSeconds: 42 })).toStrictEqual({
      state: state({ banner: { tone: 'error', title: error.message, text: 'No payment was made.', focus: true } }),
      effects: [paymentError(error)],
    });
  });

  it('unreachable: try again, nothing posted', () => {
    expect(answered('redirect', { kind: 'unavailable' })).toStrictEqual({
      state: state({ banner: { tone: 'error', title: 'We could not reach the payment service.', text: 'Check your connection and try again.', focus: true } }),
      effects: [],
    });
  });

  describe('expired while paying: the answer first, then the expiry', () => {
    const late = { ...PAYING, remainingMs: -500, expiredWhilePaying: true };

    it.each(MODES)('%s: an answer that leaves the form up is followed by CHECKOUT_EXPIRED (and errorUrl in redirect mode)', (mode) => {
      expect(answered(mode, { kind: 'failed', error: DECLINED, attemptsRemaining: 3, final: false, redirectUrl: null }, late)).toStrictEqual({
        state: state({
          phase: 'over',
          result: expiredResult(URLS.expired),
          remainingMs: -500,
          banner: { tone: 'error', title: 'Your card was declined.', text: 'Check your details or use another card. 3 attempts left.', focus: true },
        }),
        effects: [paymentError(DECLINED), expiredMessage, ...redirectTo(mode, URLS.expired)],
      });
    });

    it('the same after invalid, in progress, rate limited and unreachable', () => {
      const error = { code: 'x', message: 'y' };
      const outcomes: PayOutcome[] = [
        { kind: 'invalid', fields: [] },
        { kind: 'in_progress', error },
        { kind: 'rate_limited', error, retryAfterSeconds: null },
        { kind: 'unavailable' },
      ];
      for (const outcome of outcomes) {
        const { state: next, effects } = answered('popup', outcome, late);
        expect(next.phase).toBe('over');
        expect(next.result).toStrictEqual(expiredResult(URLS.expired));
        expect(effects.at(-1)).toStrictEqual(expiredMessage);
      }
    });

    it('an answer that ended the session wins: paid stays paid, no CHECKOUT_EXPIRED', () => {
      expect(answered('popup', { kind: 'paid', paymentData: PAYMENT, redirectUrl: URLS.paid }, late)).toStrictEqual({
        state: state({
          phase: 'over',
          result: { kind: 'completed', payment: PAYMENT, fresh: true, returnUrl: URLS.paid },
          announcement: 'Payment successful. Returning you to E2E Coffee Roasters.',
          remainingMs: -500,
        }),
        effects: [{ kind: 'post', message: { type: 'PAYMENT_SUCCESS', sessionId: SESSION_ID, paymentData: PAYMENT } }, navigate(URLS.paid, 150)],
      });
      expect(answered('popup', { kind: 'failed', error: DECLINED, attemptsRemaining: 0, final: true, redirectUrl: null }, late).effects).toStrictEqual([
        paymentError(DECLINED),
        exhaustedMessage,
      ]);
    });
  });

  it('is ignored without a pay call in flight', () => {
    for (const from of [LOADING, READY, CANCELLING, OVER]) {
      expect(step('redirect', from, { type: 'payAnswered', outcome: { kind: 'unavailable' } })).toStrictEqual({ state: from, effects: [] });
    }
  });
});

describe('cancel', () => {
  it('a ready page starts the cancel call and clears the last answer', () => {
    const withBanner = state({ banner: { tone: 'info', title: 'A previous payment attempt did not go through.', text: '4 attempts left.', focus: false } });
    expect(step('popup', withBanner, { type: 'cancel' })).toStrictEqual({ state: CANCELLING, effects: [{ kind: 'cancel' }] });
  });

  it('is ignored before hydration, during a call and once over', () => {
    for (const from of [LOADING, PAYING, CANCELLING, OVER]) expect(step('popup', from, { type: 'cancel' })).toStrictEqual({ state: from, effects: [] });
  });
});

describe('cancelAnswered', () => {
  const cancelledMessage = { kind: 'post', message: { type: 'CHECKOUT_CANCELLED', sessionId: SESSION_ID, reason: 'user_cancelled' } } as const;

  it('cancelled, redirect: to the URL the server gave (or cancelUrl) at once', () => {
    expect(step('redirect', CANCELLING, { type: 'cancelAnswered', outcome: { kind: 'cancelled', redirectUrl: URLS.fromServer } })).toStrictEqual({
      state: state({ phase: 'over', result: { kind: 'cancelled', returnUrl: URLS.fromServer } }),
      effects: [cancelledMessage, navigate(URLS.fromServer)],
    });
    expect(step('redirect', CANCELLING, { type: 'cancelAnswered', outcome: { kind: 'cancelled', redirectUrl: null } })).toStrictEqual({
      state: state({ phase: 'over', result: { kind: 'cancelled', returnUrl: URLS.cancel } }),
      effects: [cancelledMessage, navigate(URLS.cancel)],
    });
  });

  it.each(['popup', 'iframe'] as const)('cancelled, %s: CHECKOUT_CANCELLED only (the SDK closes the window or frame)', (mode) => {
    expect(step(mode, CANCELLING, { type: 'cancelAnswered', outcome: { kind: 'cancelled', redirectUrl: null } })).toStrictEqual({
      state: state({ phase: 'over', result: { kind: 'cancelled', returnUrl: URLS.cancel } }),
      effects: [cancelledMessage],
    });
  });

  it('cancelled, new tab: CHECKOUT_CANCELLED, then the tab closes itself one beat later', () => {
    expect(step('new_tab', CANCELLING, { type: 'cancelAnswered', outcome: { kind: 'cancelled', redirectUrl: null } })).toStrictEqual({
      state: state({ phase: 'over', result: { kind: 'cancelled', returnUrl: URLS.cancel } }),
      effects: [cancelledMessage, { kind: 'close', afterMs: 150 }],
    });
  });

  it.each(MODES)('%s: already paid: the paid screen, nothing posted', (mode) => {
    expect(step(mode, CANCELLING, { type: 'cancelAnswered', outcome: { kind: 'already_paid' } })).toStrictEqual({
      state: state({ phase: 'over', result: { kind: 'completed', payment: null, fresh: false, returnUrl: null } }),
      effects: [],
    });
  });

  it.each(MODES)("%s: the server's 410: CHECKOUT_EXPIRED, redirect mode to the URL given", (mode) => {
    expect(step(mode, CANCELLING, { type: 'cancelAnswered', outcome: { kind: 'expired', redirectUrl: URLS.fromServer } })).toStrictEqual({
      state: state({ phase: 'over', result: expiredResult(URLS.fromServer) }),
      effects: [expiredMessage, ...redirectTo(mode, URLS.fromServer)],
    });
  });

  it('unreachable: the form back with the reason focused', () => {
    expect(step('popup', CANCELLING, { type: 'cancelAnswered', outcome: { kind: 'unavailable' } })).toStrictEqual({
      state: state({ banner: { tone: 'error', title: 'We could not cancel right now.', text: 'Check your connection and try again.', focus: true } }),
      effects: [],
    });
  });

  describe('after the clock expired the page during the call: the server answer still counts', () => {
    const expired = state({ phase: 'cancelling', result: expiredResult(URLS.expired), remainingMs: 0 });

    it('cancelled: the cancelled screen and CHECKOUT_CANCELLED', () => {
      expect(step('popup', expired, { type: 'cancelAnswered', outcome: { kind: 'cancelled', redirectUrl: null } })).toStrictEqual({
        state: state({ phase: 'over', result: { kind: 'cancelled', returnUrl: URLS.cancel }, remainingMs: 0 }),
        effects: [cancelledMessage],
      });
    });

    it('expired: stays expired, posted once', () => {
      expect(step('redirect', expired, { type: 'cancelAnswered', outcome: { kind: 'expired', redirectUrl: URLS.fromServer } })).toStrictEqual({
        state: { ...expired, phase: 'over' },
        effects: [],
      });
    });

    it('unreachable: stays expired', () => {
      const { state: next, effects } = step('popup', expired, { type: 'cancelAnswered', outcome: { kind: 'unavailable' } });
      expect(next.phase).toBe('over');
      expect(next.result).toBe(expired.result);
      expect(effects).toStrictEqual([]);
    });
  });

  it('is ignored without a cancel call in flight', () => {
    for (const from of [LOADING, READY, PAYING, OVER]) {
      expect(step('popup', from, { type: 'cancelAnswered', outcome: { kind: 'cancelled', redirectUrl: null } })).toStrictEqual({ state: from, effects: [] });
    }
  });
});

describe('messages', () => {
  it('keep the field order they always had: type, sessionId, then the rest', () => {
    const { effects } = step('popup', PAYING, { type: 'payAnswered', outcome: { kind: 'paid', paymentData: PAYMENT, redirectUrl: URLS.paid } });
    expect(effects[0]?.kind === 'post' && Object.keys(effects[0].message)).toStrictEqual(['type', 'sessionId', 'paymentData']);
    const declined = step('popup', PAYING, { type: 'payAnswered', outcome: { kind: 'failed', error: DECLINED, attemptsRemaining: 0, final: true, redirectUrl: null } });
    expect(declined.effects.map((effect) => effect.kind === 'post' && Object.keys(effect.message))).toStrictEqual([
      ['type', 'sessionId', 'error'],
      ['type', 'sessionId', 'error'],
    ]);
  });
});

describe('a whole page', () => {
  it('redirect: loaded, declined, retried, paid', () => {
    const context = contextFor('redirect');
    const effects: PageEffect[] = [];
    let current = initialPageState(context, OPEN);
    const actions: PageAction[] = [
      { type: 'loaded' },
      { type: 'tick', remainingMs: 59_000 },
      { type: 'pay', body: BODY },
      { type: 'payAnswered', outcome: { kind: 'failed', error: DECLINED, attemptsRemaining: 4, final: false, redirectUrl: null } },
      { type: 'pay', body: BODY },
      { type: 'payAnswered', outcome: { kind: 'paid', paymentData: PAYMENT, redirectUrl: URLS.paid } },
      { type: 'tick', remainingMs: 0 },
    ];
    for (const action of actions) {
      const next = reduceCheckoutPage(context, current, action);
      current = next.state;
      effects.push(...next.effects);
    }
    expect(current).toStrictEqual(
      state({
        phase: 'over',
        result: { kind: 'completed', payment: PAYMENT, fresh: true, returnUrl: URLS.paid },
        announcement: 'Payment successful. Returning you to E2E Coffee Roasters.',
        remainingMs: 59_000,
      }),
    );
    expect(effects).toStrictEqual([
      ready,
      { kind: 'pay', body: BODY },
      paymentError(DECLINED),
      { kind: 'pay', body: BODY },
      { kind: 'post', message: { type: 'PAYMENT_SUCCESS', sessionId: SESSION_ID, paymentData: PAYMENT } },
      navigate(URLS.paid),
    ]);
  });
});
