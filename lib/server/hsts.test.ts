// Strict-Transport-Security on every response when APP_URL is https (issue 10): both doors of the
// production server (the fast door's answers, errors included, and whatever Next writes), never for
// http; and the same header in next.config.mjs for Next run on its own.
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { projectRoot } from '../paths';
import { createVaultServer, HSTS_VALUE, hstsApplies } from './create-server';

const EXPECTED = 'max-age=31536000; includeSubDomains';

function startServer(appUrl: string | undefined) {
  const { server } = createVaultServer({
    logger: createLogger({ level: 'silent' }),
    trustProxy: false,
    appUrl,
    next: async (req, res) => {
      // Next writes its own headers both ways: setHeader, then writeHead with more.
      res.setHeader('x-powered-by-test', 'next');
      if (req.url?.startsWith('/redirect')) {
        res.writeHead(307, { location: '/login' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<h1>page</h1>');
    },
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  return (pathname: string, init?: RequestInit) => fetch(`${base}${pathname}`, init);
}

/** One request to each kind of answer of both doors. */
const answers: [string, string, RequestInit | undefined, number][] = [
  ['fast door: 200', '/health', undefined, 200],
  ['fast door: OpenAPI document', '/openapi.json', undefined, 200],
  ['fast door: 405', '/tokenize', undefined, 405],
  ['fast door: JSON 404 for an API client', '/v1/unknown', { headers: { accept: 'application/json' } }, 404],
  ['fast door: JSON 404 for an API key', '/v1/tokenize', { headers: { 'x-api-key': 'vk_test_x' } }, 404],
  ['Next: a page', '/dashboard', { headers: { accept: 'text/html' } }, 200],
  ['Next: a redirect', '/redirect', { headers: { accept: 'text/html' }, redirect: 'manual' }, 307],
];

describe('APP_URL https: every response carries Strict-Transport-Security', () => {
  const request = startServer('https://vault.example.com');
  it.each(answers)('%s', async (_name, pathname, init, status) => {
    const response = await request(pathname, init);
    expect(response.status).toBe(status);
    expect(response.headers.get('strict-transport-security')).toBe(EXPECTED);
  });

  it('keeps Next\'s own headers beside it', async () => {
    const response = await request('/dashboard', { headers: { accept: 'text/html' } });
    expect(response.headers.get('x-powered-by-test')).toBe('next');
    expect(response.headers.get('content-type')).toBe('text/html');
  });
});

describe.each([
  ['http', 'http://localhost:3000'],
  ['unset', undefined],
])('APP_URL %s: no Strict-Transport-Security (it would pin browsers to https on localhost)', (_name, appUrl) => {
  const request = startServer(appUrl);
  it.each(answers)('%s', async (_answer, pathname, init, status) => {
    const response = await request(pathname, init);
    expect(response.status).toBe(status);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('hstsApplies', () => {
  it.each([
    ['https://vault.example.com', true],
    ['HTTPS://vault.example.com:8443/base', true],
    ['http://vault.example.com', false],
    ['http://localhost:3000', false],
    [undefined, false],
    ['not a url', false],
  ])('%s → %s', (appUrl, expected) => {
    expect(hstsApplies(appUrl)).toBe(expected);
    expect(HSTS_VALUE).toBe(EXPECTED);
  });
});

describe('next.config.mjs (Next on its own)', () => {
  const configUrl = pathToFileURL(path.join(projectRoot, 'next.config.mjs')).href;
  const headersFor = async (appUrl: string | undefined, tag: string) => {
    const previous = process.env.APP_URL;
    if (appUrl === undefined) delete process.env.APP_URL;
    else process.env.APP_URL = appUrl;
    try {
      // A fresh module instance per case: the config reads APP_URL when it is loaded.
      const config = (await import(/* @vite-ignore */ `${configUrl}?hsts=${tag}`)).default as { headers(): Promise<{ source: string; headers: { key: string; value: string }[] }[]> };
      return (await config.headers()).find((rule) => rule.source === '/:path*')!.headers;
    } finally {
      if (previous === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = previous;
    }
  };

  it('adds it for every path when APP_URL is https', async () => {
    expect(await headersFor('https://vault.example.com', 'https')).toContainEqual({ key: 'Strict-Transport-Security', value: EXPECTED });
  });

  it('leaves it out for http or no APP_URL', async () => {
    expect((await headersFor('http://localhost:3000', 'http')).map((header) => header.key)).not.toContain('Strict-Transport-Security');
    expect((await headersFor(undefined, 'unset')).map((header) => header.key)).not.toContain('Strict-Transport-Security');
  });
});
