// The two doors of the production server, with a stand-in for Next: vault paths never reach Next,
// pages do, API clients get JSON for unknown paths, the client address cannot be spoofed, and public files
// Next would mislabel get their right content type.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serveStatic } from 'next/dist/server/serve-static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../core/client-ip';
import { createLogger } from '../logger';
import { projectRoot } from '../paths';
import { createVaultServer } from './create-server';

const seenByNext: { url: string; forwardedFor: string | undefined }[] = [];
let base: string;
const { server } = createVaultServer({
  logger: createLogger({ level: 'silent' }),
  trustProxy: false,
  next: async (req, res) => {
    seenByNext.push({ url: req.url ?? '', forwardedFor: req.headers['x-forwarded-for'] as string | undefined });
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<h1>next</h1>');
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('createVaultServer', () => {
  it('answers vault paths itself', async () => {
    const response = await fetch(`${base}/health`);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(seenByNext).toHaveLength(0);
  });

  it('answers a wrong method on a vault path with 405 JSON, not a page', async () => {
    const response = await fetch(`${base}/tokenize`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(seenByNext).toHaveLength(0);
  });

  it('hands pages to Next with a request id, and the socket address as X-Forwarded-For', async () => {
    const response = await fetch(`${base}/dashboard?x=1`, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'page-1', accept: 'text/html' } });
    expect(await response.text()).toBe('<h1>next</h1>');
    expect(response.headers.get('x-request-id')).toBe('page-1');
    expect(seenByNext.at(-1)).toEqual({ url: '/dashboard?x=1', forwardedFor: '127.0.0.1' });
  });

  it.each([
    ['an API key', { 'x-api-key': 'vk_test_x' }],
    ['JSON accepted', { accept: 'application/json' }],
  ])('gives API clients (%s) a JSON 404 for unknown paths', async (_name, headers) => {
    const before = seenByNext.length;
    const response = await fetch(`${base}/v1/tokenize`, { headers });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'not_found', message: 'Not found' } });
    expect(seenByNext).toHaveLength(before);
  });
});

describe('public files', () => {
  // The stand-in for Next serves public/ with Next's own static file server (and its MIME table).
  const publicDir = path.join(projectRoot, 'public');
  const files = createVaultServer({
    logger: createLogger({ level: 'silent' }),
    trustProxy: false,
    next: (req, res) => serveStatic(req, res, (req.url ?? '/').split('?')[0]!, { root: publicDir }),
  });
  let filesBase: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => files.server.listen(0, '127.0.0.1', resolve));
    filesBase = `http://127.0.0.1:${(files.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => files.server.close(resolve)));

  it.each(['checkout.d.ts', 'webhooks.d.ts'])('serves the SDK types %s as TypeScript (Next alone says video/mp2t), the file itself', async (file) => {
    const response = await fetch(`${filesBase}/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/typescript; charset=utf-8');
    expect(await response.text()).toBe(await readFile(path.join(publicDir, file), 'utf8'));
  });

  it.each(['checkout.js', 'webhooks.js'])("leaves every other file to Next's own type: %s", async (file) => {
    const response = await fetch(`${filesBase}/${file}`);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  const seen: (string | undefined)[] = [];
  const proxied = createVaultServer({
    logger: createLogger({ level: 'silent' }),
    trustProxy: parseTrustProxy('1'),
    next: async (req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined);
      res.end('ok');
    },
  });
  let proxiedBase: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => proxied.server.listen(0, '127.0.0.1', resolve));
    proxiedBase = `http://127.0.0.1:${(proxied.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => proxied.server.close(resolve)));

  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['6.6.6.6, 198.51.100.7', '198.51.100.7'],
    ['6.6.6.6, garbage', '127.0.0.1'],
    [undefined, '127.0.0.1'],
  ])('hands Next one resolved address: X-Forwarded-For %j → %s', async (forwardedFor, expected) => {
    await fetch(`${proxiedBase}/dashboard`, { headers: { accept: 'text/html', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) } });
    expect(seen.at(-1)).toBe(expected);
  });
});
