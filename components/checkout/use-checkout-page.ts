'use client';
// Runs the checkout page's reducer (lib/checkout/page-state.ts) and performs what each step returns: messages
// to the embedding page, navigations, closing the tab, the pay and cancel calls. Feeds it the page's own
// events: hydration ('loaded') and the clock's ticks against the session's deadline.
import { useCallback, useEffect, useRef, useState } from 'react';
import { initialPageState, reduceCheckoutPage, type InitialSession, type PageAction, type PageContext, type PageEffect } from '../../lib/checkout/page-state';
import { cancel, pay } from './checkout-api';
import { navigateTo, postToEmbedder, type Embedding } from './messages';

/** The session's deadline (ms) and the server's clock when it rendered, which corrects the customer's. */
export type Clock = { deadline: number; serverNow: number };

/** The session as rendered: where messages go, and its status and attempts. */
export type RenderedSession = Embedding & Omit<InitialSession, 'remainingMs'>;

export function useCheckoutPage(context: PageContext, session: RenderedSession, clock: Clock) {
  const [state, setState] = useState(() => initialPageState(context, { ...session, remainingMs: clock.deadline - clock.serverNow }));
  // The reducer reads the latest state at once (a pay answer and a tick may come before React renders).
  const current = useRef(state);

  const dispatch = useCallback(
    function dispatch(action: PageAction) {
      const step = reduceCheckoutPage(context, current.current, action);
      if (step.state !== current.current) {
        current.current = step.state;
        setState(step.state);
      }
      for (const effect of step.effects) perform(effect, context, session, dispatch);
    },
    [context, session],
  );

  // Loaded: the form becomes usable and the embedding page hears about it (once: the reducer ignores a second
  // 'loaded', as under StrictMode). Declared before the clock, so the first tick finds the page ready.
  useEffect(() => dispatch({ type: 'loaded' }), [dispatch]);

  // The session's deadline, on the customer's clock corrected by the server's, until the session is over.
  const over = state.result !== null;
  useEffect(() => {
    if (over) return;
    const skew = clock.serverNow - Date.now();
    const tick = () => dispatch({ type: 'tick', remainingMs: clock.deadline - (Date.now() + skew) });
    tick();
    const timer = window.setInterval(tick, 1_000);
    return () => window.clearInterval(timer);
  }, [clock.deadline, clock.serverNow, dispatch, over]);

  return { state, dispatch };
}

function perform(effect: PageEffect, context: PageContext, embedding: Embedding, dispatch: (action: PageAction) => void): void {
  switch (effect.kind) {
    case 'post':
      postToEmbedder(embedding, effect.message);
      return;
    case 'navigate':
      later(effect.afterMs, () => navigateTo(effect.url));
      return;
    case 'close':
      later(effect.afterMs, () => window.close());
      return;
    case 'pay':
      void pay(context.sessionId, effect.body).then((outcome) => dispatch({ type: 'payAnswered', outcome }));
      return;
    case 'cancel':
      void cancel(context.sessionId).then((outcome) => dispatch({ type: 'cancelAnswered', outcome }));
      return;
  }
}

function later(afterMs: number, action: () => void): void {
  if (afterMs === 0) action();
  else window.setTimeout(action, afterMs);
}
