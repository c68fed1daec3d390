// GET /docs (the API reference page) and its renderer script, through the real fast-door server: the page
// is served with its exact Content-Security-Policy, references only same-origin scripts (and no inline
// one), configures Scalar to stay on this origin, and the script URL serves the pinned bundle.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALAR_BUNDLE_FILE, SCALAR_SCRIPT_PATH, SCALAR_VERSION, withoutEvalProbe } from '../../lib/docs/scalar-bundle';
import { createLogger } from '../../lib/logger';
import { createVaultServer, type VaultServer } from '../../lib/server/create-server';

const root = join(__dirname, '..', '..');
const scalarDir = join(root, 'node_modules', '@scalar', 'api-reference');
const EXPECTED_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

let vault: VaultServer;
let url: string;
beforeAll(async () => {
  // Neither route needs a database or a store: the bare server, no runtime.
  vault = createVaultServer({ logger: createLogger({ level: 'silent' }), trustProxy: false });
  await new Promise<void>((resolve) => vault.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(vault.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await vault?.drain(1_000);
});

/** Every `<tag …>` opening tag of the page with its attributes. */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key!.toLowerCase(), value ?? ''])),
  );
}

const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('GET /docs', () => {
  let response: Response;
  let html: string;
  beforeAll(async () => {
    response = await fetch(`${url}/docs`);
    html = await response.text();
  });

  it('answers the page with its exact security headers', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(EXPECTED_POLICY);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Vault API reference</title>');
  });

  it('references only same-origin scripts, and has no inline script', () => {
    const scripts = tags(html, 'script');
    expect(scripts).toEqual([{ src: SCALAR_SCRIPT_PATH }]);
    // Every script element has a src and nothing between its tags.
    expect([...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map(([, body]) => body)).toEqual(['']);
    // No other origin anywhere in the page: no absolute or protocol-relative URL in any attribute but the
    // icon, which is inline (data:).
    const [icon] = tags(html, 'link');
    expect(icon).toMatchObject({ rel: 'icon', type: 'image/svg+xml', href: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
    for (const [name, value] of [...html.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, n, v]) => [n!, unescape(v!)])) {
      if (value !== icon!.href) expect(value, name).not.toMatch(/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i);
    }
  });

  it('configures Scalar to load the document from this origin and call nowhere else', () => {
    const [mount] = tags(html, 'div').filter((attributes) => attributes.id === 'api-reference');
    expect(mount?.['data-url']).toBe('/openapi.json');
    const configuration = JSON.parse(unescape(mount!['data-configuration']!));
    // No CDN fonts, no telemetry, no AI agent, no toolbar (its "share" uploads the document to Scalar).
    expect(configuration).toMatchObject({ withDefaultFonts: false, telemetry: false, agent: { disabled: true }, showDeveloperTools: 'never' });
    // No request proxy: Scalar's default one is proxy.scalar.com when configured; none means direct calls.
    expect(Object.keys(configuration)).not.toContain('proxyUrl');
    expect(Object.keys(configuration)).not.toContain('proxy');
    expect(html).not.toContain('data-proxy-url');
  });

  it('is documented in /openapi.json, with the script it loads', async () => {
    const document = (await (await fetch(`${url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(document.paths['/docs']?.get?.operationId).toBe('getApiReference');
    expect(document.paths[SCALAR_SCRIPT_PATH]?.get?.operationId).toBe('getApiReferenceScript');
  });
});

describe('GET the renderer script', () => {
  const installed = readFileSync(SCALAR_BUNDLE_FILE, 'utf8');
  const bundle = Buffer.from(withoutEvalProbe(installed));

  it('is the installed, pinned @scalar/api-reference version', () => {
    const installed = JSON.parse(readFileSync(join(scalarDir, 'package.json'), 'utf8')) as { version: string };
    expect(SCALAR_VERSION).toBe(installed.version);
    expect(SCALAR_SCRIPT_PATH).toBe(`/docs/scalar-${installed.version}.js`);
  });

  it('is the installed bundle with zod\'s eval probe answered "no" (nothing else changed)', () => {
    expect(installed).toContain('try{return new Function(""),!0}catch(e){return!1}');
    const served = bundle.toString('utf8');
    expect(served).not.toContain('new Function');
    expect(served.length).toBe(installed.length - 'try{return new Function(""),!0}catch(e){return!1}'.length + 'return!1'.length);
    expect(() => withoutEvalProbe('no probe here')).toThrow(/eval probe exactly once/);
    expect(() => withoutEvalProbe(`${installed}${installed}`)).toThrow(/eval probe exactly once/);
  });

  it('serves the bundle as JavaScript, cached for a year', async () => {
    const response = await fetch(`${url}${SCALAR_SCRIPT_PATH}`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(response.headers.get('content-encoding')).toBeNull();
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(bundle)).toBe(true);
    expect(body.toString('utf8')).toContain(`@scalar/api-reference@${SCALAR_VERSION}`);
  });

  it('gzips it for clients that accept gzip', async () => {
    // node:http, not fetch: fetch would decode the body itself.
    const { request } = await import('node:http');
    const { headers, body } = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${url}${SCALAR_SCRIPT_PATH}`, { headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(headers['content-encoding']).toBe('gzip');
    expect(body.length).toBeLessThan(bundle.length / 2);
    expect(gunzipSync(body).equals(bundle)).toBe(true);
  });

  it('is the script the page loads (same origin)', async () => {
    const html = await (await fetch(`${url}/docs`)).text();
    const [script] = tags(html, 'script');
    const target = new URL(script!.src!, `${url}/docs`);
    expect(target.origin).toBe(url);
    expect((await fetch(target, { method: 'GET' })).status).toBe(200);
  });
});
