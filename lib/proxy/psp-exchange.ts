// One HTTP exchange with a PSP over the address-checked dispatcher, through undici's dispatch API: the answer
// is collected straight into a buffer and one timer bounds the whole exchange. undici's `request` builds a
// Readable body stream, an async resource and abort listeners per call, and AbortSignal.timeout() a signal
// and its timer: together about a sixth of a proxied call's CPU (profiled; issue 11 notes).
import type { Dispatcher } from 'undici';

export type PspExchange = {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The whole exchange (waiting for a connection, sending, the answer's headers and body). */
  timeoutMs: number;
  /** Answers above this size are refused rather than buffered. */
  maxBytes: number;
};

export type PspReply = { statusCode: number; headers: Record<string, string | string[]>; body: Buffer };

/** Rejects with a DOMException named TimeoutError after `timeoutMs`, like AbortSignal.timeout(). */
export function exchangeWithPsp(dispatcher: Dispatcher, url: URL, exchange: PspExchange): Promise<PspReply> {
  return new Promise((resolve, reject) => {
    let controller: { abort(reason: Error): void } | undefined;
    let failure: Error | undefined;
    let statusCode = 0;
    let headers: Record<string, string | string[]> = {};
    const chunks: Buffer[] = [];
    let received = 0;

    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      clearTimeout(timer);
      controller?.abort(error);
      reject(error);
    };
    const timer = setTimeout(() => fail(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), exchange.timeoutMs);

    dispatcher.dispatch(
      { origin: url.origin, path: `${url.pathname}${url.search}`, method: exchange.method, headers: exchange.headers, body: exchange.body ?? null },
      {
        onRequestStart(started) {
          controller = started;
          // Timed out while waiting for a connection: never sent.
          if (failure) started.abort(failure);
        },
        onResponseStart(_controller, status, responseHeaders) {
          if (status < 200) return; // 1xx: the final answer follows
          statusCode = status;
          headers = responseHeaders as Record<string, string | string[]>;
        },
        onResponseData(_controller, chunk) {
          received += chunk.byteLength;
          if (received > exchange.maxBytes) return fail(new Error('PSP response too large'));
          chunks.push(chunk);
        },
        onResponseEnd() {
          if (failure) return;
          clearTimeout(timer);
          resolve({ statusCode, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
        },
        onResponseError(_controller, error) {
          fail(error);
        },
      },
    );
  });
}
