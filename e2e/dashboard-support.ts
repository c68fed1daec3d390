// Shared by the dashboard specs: signing in (the owner, or a member of a given role invited from the
// owner's account and set up through the mailed link), the project links, screenshots of a page at 1280 and
// 360 px in both themes, and the axe-core check (no serious or critical violation) in both themes.
// Every dashboard spec takes `test` from here: it fails any test during which a page broke its
// Content-Security-Policy (a `securitypolicyviolation` event or Chromium's "Refused to …" console error).
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { readOutbox } from '../lib/mail/outbox';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';

export const OWNER_EMAIL = 'owner@e2e.test';
export const OWNER_PASSWORD = E2E_ADMIN_PASSWORD;
export const MEMBER_PASSWORD = 'member-e2e-passw0rd-2030';

/** Reports every CSP violation of the context's pages (those opened later and after navigations too) into `seen`. */
async function watchCsp(context: BrowserContext, seen: string[]): Promise<void> {
  await context.exposeBinding('__vaultCspViolation', ({ page }, violation: string) => {
    seen.push(`${page.url()}: ${violation}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __vaultCspViolation: (text: string) => void }).__vaultCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const onConsole = (message: { type(): string; text(): string }, page: Page) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.push(`${page.url()}: console: ${message.text()}`);
  };
  for (const page of context.pages()) page.on('console', (message) => onConsole(message, page));
  context.on('page', (page) => page.on('console', (message) => onConsole(message, page)));
}

/**
 * Playwright's `test` with an automatic check: no CSP violation on any page of the test's context, nor of
 * a context the test opens itself (`browser.newContext()` is watched for the test's duration).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const seen: string[] = [];
      await watchCsp(context, seen);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const created = await newContext(...args);
        await watchCsp(created, seen);
        return created;
      };
      try {
        await use(seen);
      } finally {
        browser.newContext = newContext;
      }
      expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  return dir;
}

/** A bearer token for API calls made by the test itself (curl-equivalent). */
export async function apiToken(request: APIRequestContext, email = OWNER_EMAIL, password = OWNER_PASSWORD): Promise<string> {
  const response = await request.post('/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs the browser in through the API's login (the cookie it sets is the dashboard session). */
export async function signIn(page: Page, email = OWNER_EMAIL, password = OWNER_PASSWORD): Promise<void> {
  const response = await page.request.post('/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The API's sign-in with its second step: password, then a TOTP code (the cookie lands in the browser). */
export async function signInWithMfa(page: Page, email: string, password: string, secret: string): Promise<void> {
  const first = await page.request.post('/auth/login', { data: { email, password } });
  expect(first.status()).toBe(200);
  const { mfa_token: mfaToken } = (await first.json()) as { mfa_token: string };
  // The setup's code used this step: the next step's code is accepted too (one step either side).
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const second = await page.request.post('/auth/mfa/verify', { data: { mfa_token: mfaToken, code } });
  expect(second.status(), await second.text()).toBe(200);
}

/** Toasts close before a screenshot: they cover the page and are the toaster's, not the page's, to audit. */
export async function closeToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all()) await close.click().catch(() => undefined);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/** The newest mailed link (invitation or reset) to `email`, waiting for a queued mail; its token is in the fragment. */
export async function mailedLink(email: string): Promise<string> {
  const mailsTo = async () => (await readOutbox(dataDir())).filter((message) => message.to.includes(email));
  await expect.poll(async () => (await mailsTo()).length, { message: `no mail for ${email}` }).toBeGreaterThan(0);
  return /(http\S+\/reset-password#token=\S+)/.exec((await mailsTo()).at(-1)!.text)![1]!;
}

/** The token of a mailed link: `#token=…`, never a query. */
export const linkToken = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

/** Opens a mailed invitation link and chooses `password` on its page, as the invitee does. */
export async function acceptInvitationInPage(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome to Vault' })).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat it').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is set');
}

/** The newest invitation link mailed to `email` (a resent invitation voids the earlier ones). */
export async function invitationToken(email: string): Promise<string> {
  return linkToken(await mailedLink(email));
}

/** Accepts the member's newest invitation: sets their password through the mailed link. */
export async function acceptInvitation(request: APIRequestContext, email: string, password = MEMBER_PASSWORD): Promise<void> {
  const reset = await request.post('/auth/reset-password', { data: { token: await invitationToken(email), new_password: password } });
  expect(reset.status(), await reset.text()).toBe(200);
}

/**
 * Removes members a spec added (owners above all: dashboard-team's spec expects the default owner to be the
 * account's last one).
 */
export async function removeMembers(request: APIRequestContext, ownerToken: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    const removed = await request.delete(`/api/members/${id}`, { headers: bearer(ownerToken) });
    expect(removed.status(), await removed.text()).toBe(200);
  }
}

/** A new member of the owner's account with this role, password set from the invitation mail. */
export async function createMember(request: APIRequestContext, role: 'owner' | 'admin' | 'developer' | 'viewer', ownerToken?: string): Promise<{ id: string; email: string; password: string }> {
  const token = ownerToken ?? (await apiToken(request));
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const invited = await request.post('/api/members', { headers: bearer(token), data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const id = ((await invited.json()) as { data: { id: string } }).data.id;
  await acceptInvitation(request, email);
  return { id, email, password: MEMBER_PASSWORD };
}

export type ProjectSummary = { id: string; name: string; production: boolean };

/** The account's projects through the API (oldest first), and the first test project's dashboard base. */
export async function projects(request: APIRequestContext, token: string): Promise<ProjectSummary[]> {
  const response = await request.get('/api/projects', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ProjectSummary[] }).data;
}

export async function testProjectBase(request: APIRequestContext, token: string): Promise<string> {
  const project = (await projects(request, token)).find((candidate) => !candidate.production);
  return `/dashboard/p/${project!.id}`;
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Next streams a page's metadata: right after a client-side refresh (a dialog's action) the <title> can
  // be missing for a moment (axe's document-title, seen once in CI), so wait for it as a user would see it.
  await expect(page, `title of ${label}`).toHaveTitle(/\S/);
  // A toast moved by a resize (top on phones, bottom right on wide screens) fades in again: axe would judge
  // its text's contrast half-transparent. The check waits until every shown toast (not those stacked out of
  // sight, which stay transparent) is fully opaque.
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')].every((toast) => getComputedStyle(toast).opacity === '1')), { message: `toasts settled on ${label}` })
    .toBe(true);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    bad.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}

/**
 * Screenshots of the current page at 1280 and 360 px in the dark and the light theme
 * (test-results/dashboard/<name>-<width>-<theme>.png), with the axe check in both themes, and a check
 * that nothing overflows the 360 px viewport sideways. Leaves the page at 1280 px in the system theme.
 */
export async function snapAndAudit(page: Page, name: string): Promise<void> {
  const dir = path.join(test.info().project.outputDir, 'dashboard');
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', value);
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
      document.documentElement.style.colorScheme = value;
    }, theme);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      if (width === 360) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} overflows 360 px sideways (${theme})`).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: path.join(dir, `${name}-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, `${name} (${theme})`);
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
}
