// One HTTP attempt: POST the stored body with the Standard Webhooks headers through the SSRF-guarded
// dispatcher (connect-time address checks, redirects never followed), bounded by one time-out for the
// whole exchange. Only the first 2 KB of the answer are kept (for the delivery log); the rest is drained.
import type { Dispatcher } from 'undici';
import { request } from 'undici';

export const RESPONSE_BODY_LIMIT = 2048;

export type WebhookAnswer =
  | { kind: 'answered'; statusCode: number; headers: Record<string, string | string[] | undefined>; body: string; latencyMs: number }
  | { kind: 'failed'; error: string; latencyMs: number };

/** What an error says, without anything a receiver sent: name and code, a system error's own message. */
function describeError(error: unknown): string {
  const { name, code, message } = (error ?? {}) as { name?: string; code?: string; message?: string };
  if (name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timeout';
  if (code === 'VAULT_REFUSED_ADDRESS') return message ?? 'refused address';
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
    return { kind: 'failed', error: describeError(signal.aborted ? signal.reason : error), latencyMs: Math.round(performance.now() - started) };
  }
}
