// The dashboard's Content-Security-Policy on the real server (proxy.ts behind lib/server/create-server.ts):
// each page answer carries a policy with a fresh nonce, and every script Next writes into the page carries
// that nonce. That the pages then run without a single violation is checked by every dashboard spec
// (dashboard-support.ts's `test`), this one included.
import { expect, type APIResponse } from '@playwright/test';
import { apiToken, signIn, test, testProjectBase } from './dashboard-support';

function nonceOf(response: APIResponse): string {
  const policy = response.headers()['content-security-policy'] ?? '';
  const scriptSrc = policy.split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src ')) ?? '';
  expect(scriptSrc).toMatch(/^script-src 'nonce-[A-Za-z0-9+/]+=*' 'strict-dynamic'$/);
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) expect(policy).toContain(directive);
  expect(policy).not.toContain('unsafe-eval');
  return /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
}

/** The page's script tags: every one carries this answer's nonce. */
async function expectScriptsCarry(response: APIResponse, nonce: string): Promise<void> {
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
}

test('sign-in and dashboard pages: a policy with a fresh nonce per request, stamped on every script', async ({ page, request }) => {
  const first = await request.get('/login');
  const second = await request.get('/login');
  expect(first.status()).toBe(200);
  const [a, b] = [nonceOf(first), nonceOf(second)];
  expect(a).not.toBe(b);
  await expectScriptsCarry(first, a);
  await expectScriptsCarry(second, b);

  await signIn(page);
  const base = await testProjectBase(page.request, await apiToken(page.request));
  const dashboard = await page.request.get(`${base}/tokens`);
  expect(dashboard.status()).toBe(200);
  await expectScriptsCarry(dashboard, nonceOf(dashboard));
  // The browser runs the page under it: hydrated, interactive, and (checked by the fixture) no violation.
  await page.goto(`${base}/tokens`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
