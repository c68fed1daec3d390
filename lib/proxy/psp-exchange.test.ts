import { createServer, type Server } from 'node:http';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeWithPsp } from './psp-exchange';

let server: Server;
let base: string;
const agent = new Agent();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url?.startsWith('/echo')) {
        if (req.url.includes('hints')) res.writeEarlyHints({ link: '</style.css>; rel=preload' });
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.writeHead(402, { 'content-type': 'application/json' });
        // Two writes: the answer arrives in more than one chunk.
        res.write(`{"method":"${req.method}","header":"${req.headers['x-test']}",`);
        res.end(`"body":${JSON.stringify(Buffer.concat(chunks).toString())}}`);
      } else if (req.url === '/large') {
        res.end('x'.repeat(5000));
      }
      // '/silent': never answers
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await agent.close();
});

const exchange = (path: string, overrides: { timeoutMs?: number; maxBytes?: number } = {}) =>
  exchangeWithPsp(agent, new URL(path, base), { method: 'POST', headers: { 'x-test': 'yes' }, body: 'hello', timeoutMs: 2000, maxBytes: 1024, ...overrides });

describe('exchangeWithPsp', () => {
  it('returns the final status, the headers (repeated ones as arrays) and the whole body, past a 1xx', async () => {
    const reply = await exchange('/echo-hints?x=1');
    expect(reply.statusCode).toBe(402);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(JSON.parse(reply.body.toString())).toEqual({ method: 'POST', header: 'yes', body: 'hello' });
  });

  it('refuses an answer above maxBytes', async () => {
    await expect(exchange('/large', { maxBytes: 1000 })).rejects.toThrow('PSP response too large');
  });

  it('times out as AbortSignal.timeout() would: a TimeoutError', async () => {
    await expect(exchange('/silent', { timeoutMs: 100 })).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
