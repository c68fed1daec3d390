// The dashboard's Content-Security-Policy (proxy.ts, Next's proxy file): every page but the hosted checkout
// (its own policy, lib/server/checkout-page-headers.ts) and the API reference (its own, lib/api/docs.ts) gets a
// policy with a fresh nonce per request, on the response and on the request Next renders from (Next reads
// the nonce there and stamps it on its scripts). Run through Next's own request/response classes and its
// matcher; e2e/dashboard-csp.spec.ts checks the same on the real server in Chromium.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from '../../proxy';

const appDir = join(__dirname, '..', '..', 'app');

/** Every page of the app as a URL path, dynamic segments filled in (`[projectId]` → `x1`). */
function pagePaths(dir = appDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pagePaths(path);
    if (name !== 'page.tsx') return [];
    const route = relative(appDir, dir).split('/').filter(Boolean).map((segment) => segment.replace(/^\[.*\]$/, 'x1'));
    return [`/${route.join('/')}`];
  });
}

function directives(policy: string): Map<string, string> {
  return new Map(policy.split(';').map((part) => part.trim()).map((part) => [part.split(' ')[0]!, part.split(' ').slice(1).join(' ')]));
}

const visit = (path: string) => proxy(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { accept: 'text/html', 'content-security-policy': "script-src 'nonce-chosenByTheClient'" } }));
const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(directives(policy).get('script-src') ?? '')?.[1];

describe('dashboard Content-Security-Policy', () => {
  it('a dashboard page gets a strict policy with a nonce, on the response and on the request Next renders', () => {
    const response = visit('/dashboard');
    const policy = response.headers.get('content-security-policy')!;
    const nonce = nonceOf(policy)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const parsed = directives(policy);
    expect(parsed.get('script-src')).toBe(`'nonce-${nonce}' 'strict-dynamic'`);
    expect(parsed.get('frame-ancestors')).toBe("'none'");
    expect(parsed.get('object-src')).toBe("'none'");
    expect(parsed.get('base-uri')).toBe("'none'");
    expect(parsed.get('default-src')).toBe("'self'");
    expect(parsed.get('img-src')).toBe("'self' data:");
    expect(parsed.get('connect-src')).toBe("'self'");
    expect(parsed.get('form-action')).toBe("'self'");
    // Libraries write style elements and attributes at run time (toasts, dialogs, charts).
    expect(parsed.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy).not.toMatch(/unsafe-eval|\*/);
    // The nonce for the pages' own inline scripts (the theme script).
    expect(response.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    // NextResponse.next({ request: { headers } }): the request Next renders carries the same policy,
    // replacing whatever the client sent.
    expect(response.headers.get('x-middleware-override-headers')?.split(',')).toContain('content-security-policy');
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
  });

  it('a fresh nonce on every request', () => {
    const nonces = new Set(Array.from({ length: 5 }, () => nonceOf(visit('/login').headers.get('content-security-policy')!)));
    expect(nonces.size).toBe(5);
  });

  it('runs for every page of the app but the hosted checkout; not for the API, its reference or static files', () => {
    const pages = pagePaths();
    expect(pages).toEqual(expect.arrayContaining(['/', '/login', '/reset-password', '/dashboard', '/dashboard/p/x1/settings', '/auth/mfa/verify-page', '/checkout/x1']));
    const matches = (url: string, headers = {}) => unstable_doesMiddlewareMatch({ config, url, headers });
    for (const page of pages.filter((path) => !path.startsWith('/checkout/'))) expect(matches(page), page).toBe(true);
    for (const path of ['/checkout/cs_Zq7Kx2Lm9Np4Rs8Tv1Wy5Ab3', '/docs', '/api/auth/session', '/_next/static/chunks/main.js', '/favicon.svg']) {
      expect(matches(path), path).toBe(false);
    }
    // A prefetch renders no document: it needs no nonce.
    expect(matches('/dashboard', { 'next-router-prefetch': '1' })).toBe(false);
  });
});
