// One HTTP attempt: POST the stored body with the Standard Webhooks headers through the SSRF-guarded
// dispatcher (connect-time address checks, redirects never followed), bounded by one time-out for the
// whole exchange. Only the first 2 KB of the answer are kept (for the delivery log); the rest is drained.
// A host that is (or resolves to) localhost or a private, loopback or link-local address not named in
// WEBHOOK_ALLOWED_PRIVATE_HOSTS is `refused`: the dispatcher stopped before any byte was sent.
import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { findRefusedAddress } from '../outbound/dispatcher';

export const RESPONSE_BODY_LIMIT = 2048;

export type WebhookAnswer =
  | { kind: 'answered'; statusCode: number; headers: Record<string, string | string[] | undefined>; body: string; latencyMs: number }
  | { kind: 'failed'; error: string; latencyMs: number }
  | { kind: 'refused'; error: string; latencyMs: number };

/** The attempt log's error for a refused address: it names the host and the setting, never the address. */
export const refusedError = (hostname: string) => `refused: ${hostname} is not a public address and not in WEBHOOK_ALLOWED_PRIVATE_HOSTS; nothing was sent`;

/** What an error says, without anything a receiver sent: name and code, a system error's own message. */
function describeError(error: unknown): string {
  const { name, code, message } = (error ?? {}) as { name?: string; code?: string; message?: string };
  if (name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timeout';
  return [code, typeof message === 'string' ? message.slice(0, 200) : name].filter(Boolean).join(': ') || 'request failed';
}

export async function postWebhook(dispatcher: Dispatcher, options: { url: string; headers: Record<string, string>; body: string; timeoutMs: number }): Promise<WebhookAnswer> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await request(options.url, { dispatcher, method: 'POST', headers: options.headers, body: options.body, signal });
    const chunks: Buffer[] = [];
    let kept = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (kept < RESPONSE_BODY_LIMIT) {
        chunks.push(chunk);
        kept += chunk.byteLength;
      }
    }
    const body = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
    return { kind: 'answered', statusCode: response.statusCode, headers: response.headers, body, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const refused = findRefusedAddress(error);
    if (refused) return { kind: 'refused', error: refusedError(refused.hostname), latencyMs: Math.round(performance.now() - started) };
    return { kind: 'failed', error: describeError(signal.aborted ? signal.reason : error), latencyMs: Math.round(performance.now() - started) };
  }
}
