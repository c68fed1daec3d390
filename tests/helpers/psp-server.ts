// A local HTTPS "PSP" on 127.0.0.1 that records exactly what it received (method, path, headers, raw
// body bytes) and answers with whatever the test scripts. Loopback only.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeLocalhostCertificate } from './self-signed';

export type ReceivedRequest = { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };
export type PspReply = { status?: number; headers?: Record<string, string>; body?: string; delayMs?: number; hang?: boolean };

export type TestPsp = {
  port: number;
  ca: string;
  received: ReceivedRequest[];
  /** https://localhost:PORT + path (the name resolves to loopback, so it must be allow-listed). */
  url(path?: string): string;
  reply(handler: (request: ReceivedRequest) => PspReply): void;
  close(): Promise<void>;
};

const echo = (request: ReceivedRequest): PspReply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ok: true, method: request.method, path: request.path, received: request.body.toString('utf8') }),
});

export async function startTestPsp(certificate = makeLocalhostCertificate()): Promise<TestPsp> {
  const received: ReceivedRequest[] = [];
  let handler: (request: ReceivedRequest) => PspReply = echo;
  const server: Server = createServer({ key: certificate.key, cert: certificate.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      const reply = handler(request);
      if (reply.hang) return;
      const send = () => {
        res.writeHead(reply.status ?? 200, reply.headers ?? { 'content-type': 'application/json' });
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    ca: certificate.cert,
    received,
    url: (path = '/charge') => `https://localhost:${port}${path}`,
    reply(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
