// One `message` event at the merchant's page, waited for without the page recording anything: an
// evaluate installs a one-shot listener and resolves with the first message that matches. Start the wait
// before the action that causes the message (keep the promise, act, then await it): a message that
// arrived before the listener is not seen.
import type { Page } from '@playwright/test';

export interface MessageMatcher {
  /** Every key given must equal the message data's (nested objects compared the same way). */
  match: Record<string, unknown>;
  /** Accept this exact origin only; null: see `originScript`. */
  origin: string | null;
  /** When `origin` is null: the origin of the first script whose src contains this; without one, any other origin than the page's. */
  originScript: string | null;
  /** Accept messages only from the window of an iframe matching this selector (and at that iframe's origin). */
  sourceFrames: string | null;
  /** Resolve with `data[pick]` instead of the whole data. */
  pick: string | null;
  timeout: number;
  /** Names the wait in the time-out error, e.g. "waitForCheckoutEvent: PAYMENT_SUCCESS". */
  label: string;
}

export function waitForMessage(page: Page, matcher: MessageMatcher): Promise<unknown> {
  return page.evaluate(
    (m) =>
      new Promise((resolve, reject) => {
        const matches = (value: unknown, expected: unknown): boolean =>
          typeof expected === 'object' && expected !== null
            ? typeof value === 'object' && value !== null && Object.entries(expected).every(([key, inner]) => matches((value as Record<string, unknown>)[key], inner))
            : Object.is(value, expected);
        const script = m.origin === null && m.originScript !== null ? document.querySelector<HTMLScriptElement>(`script[src*="${m.originScript}"]`) : null;
        const origin = m.origin ?? (script ? new URL(script.src, location.href).origin : null);
        const fromFrame = (event: MessageEvent) =>
          Array.from(document.querySelectorAll<HTMLIFrameElement>(m.sourceFrames!)).some((frame) => frame.contentWindow === event.source && new URL(frame.src, location.href).origin === event.origin);
        const accepted = (event: MessageEvent) =>
          (origin === null ? event.origin !== location.origin : event.origin === origin) && (m.sourceFrames === null || fromFrame(event)) && matches(event.data, m.match);
        const listener = (event: MessageEvent) => {
          if (!accepted(event)) return;
          window.removeEventListener('message', listener);
          clearTimeout(timer);
          resolve(m.pick === null ? event.data : (event.data as Record<string, unknown>)[m.pick]);
        };
        const timer = setTimeout(() => {
          window.removeEventListener('message', listener);
          reject(new Error(`${m.label}: no such message from ${origin ?? 'another origin'} within ${m.timeout} ms`));
        }, m.timeout);
        window.addEventListener('message', listener);
      }),
    matcher,
  );
}
