// A local HTTPS webhook receiver on 127.0.0.1 (certificate for localhost and 127.0.0.1): it records every
// request (headers and raw body bytes), verifies each with the package's own `verifyWebhook` against the
// secrets the test gives it, and answers whatever the test scripts. Loopback only.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from 'vault/webhooks';
import { makeLocalhostCertificate } from './self-signed';

export type ReceivedWebhook = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
  /** The verified event, or the verification error's code. */
  verified: { ok: true; event: { id: string; type: string; data: Record<string, unknown> } } | { ok: false; code: string };
};
export type ReceiverReply = { status?: number; headers?: Record<string, string>; body?: string; hang?: boolean; delayMs?: number };

export type WebhookReceiver = {
  port: number;
  ca: string;
  received: ReceivedWebhook[];
  url(path?: string): string;
  /** Secrets to verify with (several during a rotation). */
  secrets: string[];
  reply(handler: (request: ReceivedWebhook) => ReceiverReply): void;
  /** Resolves once `predicate` holds on what was received (polls every 20 ms). */
  waitFor(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(options: { host?: 'localhost' | '127.0.0.1' } = {}): Promise<WebhookReceiver> {
  const certificate = makeLocalhostCertificate();
  const received: ReceivedWebhook[] = [];
  let handler: (request: ReceivedWebhook) => ReceiverReply = () => ({ status: 204 });
  const receiver = { secrets: [] as string[] };
  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      void verifyWebhook<{ id: string; type: string; data: Record<string, unknown> }>(body, req.headers, receiver.secrets.length ? receiver.secrets : ['whsec_' + Buffer.alloc(32).toString('base64')])
        .then((event) => ({ ok: true as const, event }), (error: { code?: string }) => ({ ok: false as const, code: error.code ?? String(error) }))
        .then((verified) => {
          const request: ReceivedWebhook = { path: req.url ?? '', headers: req.headers, body, at: Date.now(), verified };
          received.push(request);
          const reply = handler(request);
          if (reply.hang) return;
          const answer = () => {
            res.writeHead(reply.status ?? 204, reply.headers ?? {});
            res.end(reply.body ?? '');
          };
          if (reply.delayMs) setTimeout(answer, reply.delayMs);
          else answer();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? 'localhost';
  return Object.assign(receiver, {
    port,
    ca: certificate.cert,
    received,
    url: (path = '/hooks') => `https://${host}:${port}${path}`,
    reply(next: (request: ReceivedWebhook) => ReceiverReply) {
      handler = next;
    },
    async waitFor(predicate: (all: ReceivedWebhook[]) => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`webhook receiver: condition not met in ${timeoutMs} ms (received ${received.length})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
