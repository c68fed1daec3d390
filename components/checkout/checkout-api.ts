// The page's two calls, same origin (CSP connect-src 'self'): POST /checkout/{id}/pay and /cancel. Answers are
// mapped to what the page does next; card data goes only in the JSON body of the pay call, never a URL.
import type { CancelOutcome, CheckoutErrorInfo, PayBody, PayOutcome, PaymentData } from '../../lib/checkout/page-state';
import { messages } from '../../lib/core/errors';

type ErrorBody = {
  success?: boolean;
  status?: string;
  redirectUrl?: string;
  attempts_remaining?: number;
  paymentData?: PaymentData;
  error?: { code?: string; message?: string; fields?: { path?: string; message?: string }[] };
};

async function post(path: string, body: unknown): Promise<{ status: number; json: ErrorBody; retryAfter: string | null } | null> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    const json = (await response.json().catch(() => ({}))) as ErrorBody;
    return { status: response.status, json: json && typeof json === 'object' ? json : {}, retryAfter: response.headers.get('retry-after') };
  } catch {
    return null;
  }
}

function errorInfo(json: ErrorBody, fallback: CheckoutErrorInfo): CheckoutErrorInfo {
  const code = typeof json.error?.code === 'string' ? json.error.code : fallback.code;
  const message = typeof json.error?.message === 'string' ? json.error.message : fallback.message;
  return { code, message };
}

function sessionPath(sessionId: string, action: 'pay' | 'cancel'): string {
  return `/checkout/${encodeURIComponent(sessionId)}/${action}`;
}

export async function pay(sessionId: string, body: PayBody): Promise<PayOutcome> {
  const answer = await post(sessionPath(sessionId, 'pay'), body);
  if (!answer) return { kind: 'unavailable' };
  const { status, json } = answer;
  const redirectUrl = typeof json.redirectUrl === 'string' ? json.redirectUrl : null;
  if (status === 200 && json.success && json.paymentData && redirectUrl) {
    return { kind: 'paid', paymentData: json.paymentData, redirectUrl };
  }
  const code = json.error?.code;
  if ((status === 402 || status === 502) && code) {
    return {
      kind: 'failed',
      error: errorInfo(json, { code: 'processor_error', message: 'The payment could not be completed' }),
      attemptsRemaining: typeof json.attempts_remaining === 'number' ? json.attempts_remaining : null,
      final: json.status === 'expired',
      redirectUrl,
    };
  }
  if (status === 400 && code === 'validation_error') {
    const fields = (json.error?.fields ?? []).map((field) => ({ path: String(field.path ?? ''), message: String(field.message ?? '') }));
    return { kind: 'invalid', fields };
  }
  if (status === 409 && code === 'session_completed') return { kind: 'already_paid' };
  if (status === 409 && code === 'session_cancelled') return { kind: 'cancelled' };
  if (status === 409 && code === 'attempts_exhausted') {
    return { kind: 'exhausted', error: errorInfo(json, { code, message: messages.attemptsExhausted }), redirectUrl };
  }
  if (status === 409 && code === 'payment_in_progress') {
    return { kind: 'in_progress', error: errorInfo(json, { code, message: messages.paymentInProgress }) };
  }
  if (status === 410) return { kind: 'expired', redirectUrl };
  if (status === 404) return { kind: 'not_found', error: errorInfo(json, { code: 'not_found', message: messages.checkoutNotFound }) };
  if (status === 429) {
    const seconds = Number(answer.retryAfter);
    return {
      kind: 'rate_limited',
      error: errorInfo(json, { code: 'rate_limited', message: RATE_LIMITED_MESSAGE }),
      retryAfterSeconds: Number.isInteger(seconds) && seconds > 0 ? seconds : null,
    };
  }
  return { kind: 'unavailable' };
}

/** The 429's message when its body could not be read. */
export const RATE_LIMITED_MESSAGE = 'Too many payment requests in a short time. Please wait a minute and try again.';

export async function cancel(sessionId: string): Promise<CancelOutcome> {
  const answer = await post(sessionPath(sessionId, 'cancel'), {});
  if (!answer) return { kind: 'unavailable' };
  const { status, json } = answer;
  if (status === 200 && json.success) return { kind: 'cancelled', redirectUrl: typeof json.redirectUrl === 'string' ? json.redirectUrl : null };
  if (status === 409 && json.error?.code === 'session_completed') return { kind: 'already_paid' };
  if (status === 410) return { kind: 'expired', redirectUrl: typeof json.redirectUrl === 'string' ? json.redirectUrl : null };
  return { kind: 'unavailable' };
}
