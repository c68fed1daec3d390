// The dashboard sign-in in a real browser: next-auth credentials, then the MFA step; the session cookie is
// the API's own (a bearer token for the API), sign-out revokes it server-side; an invitation link opens the
// password page. Runs against `npm start` on the embedded default (playwright.config.ts).
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { acceptInvitationInPage, mailedLink, test } from './dashboard-support';

const OWNER = 'owner@e2e.test';
/** Where /dashboard lands: the overview of a project, its id in the URL. */
const PROJECT_OVERVIEW = /\/dashboard\/p\/[0-9a-f-]{36}$/;

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The page's own alert (Next also keeps an empty role=alert route announcer outside <main>). */
function formAlert(page: Page) {
  return page.locator('main').getByRole('alert');
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'vault_session');
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A TOTP code the server accepts now (waits out the last second of a 30-second step). */
async function currentCode(secret: string): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 29_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

test.describe('dashboard sign-in', () => {
  test('a visitor is sent to /login; a wrong password is refused; the owner reaches the dashboard; sign-out ends the session everywhere', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?callbackUrl=(%2F|\/)dashboard$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Vault' })).toBeVisible();
    await page.screenshot({ path: path.join(test.info().project.outputDir, 'login.png') });

    await signIn(page, OWNER, 'not the password 1');
    await expect(formAlert(page)).toHaveText('Invalid email or password');
    expect(await sessionCookie(page)).toBeUndefined();

    await signIn(page, OWNER, E2E_ADMIN_PASSWORD);
    // /dashboard opens the first test project's overview.
    await expect(page).toHaveURL(PROJECT_OVERVIEW);
    await expect(page.getByTestId('signed-in-user')).toContainText(OWNER);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page.getByTestId('project-switcher').first()).toContainText('Test');
    await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('auth.login');
    await page.screenshot({ path: path.join(test.info().project.outputDir, 'dashboard.png'), fullPage: true });
    // At 360 px the header has no room for who is signed in (the role was cut to "o…"): the Menu says it.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByTestId('signed-in-user')).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toContainText(`Signed in as ${OWNER} · owner`);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The browser session is the API's session: HttpOnly, SameSite=Lax, and a bearer token for the API.
    const cookie = await sessionCookie(page);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
    const verified = await request.get('/auth/verify', { headers: { authorization: `Bearer ${cookie!.value}` } });
    expect(verified.status()).toBe(200);
    expect(((await verified.json()) as { user: { email: string } }).user.email).toBe(OWNER);
    // ...and the page's own fetches carry it as a cookie.
    const projects = await page.evaluate(async () => (await fetch('/api/projects', { headers: { accept: 'application/json' } })).status);
    expect(projects).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await request.get('/auth/verify', { headers: { authorization: `Bearer ${cookie!.value}` } })).status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
    expect(errors).toEqual([]);
  });

  test('logging out through the API ends the browser session too', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, OWNER, E2E_ADMIN_PASSWORD);
    await expect(page).toHaveURL(PROJECT_OVERVIEW);
    const status = await page.evaluate(async () => (await fetch('/auth/logout', { method: 'POST', headers: { accept: 'application/json' } })).status);
    expect(status).toBe(200);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an invited member sets a password from the mailed link, turns MFA on, and signs in with the code step', async ({ page, request }) => {
    const owner = await apiLogin(request, OWNER, E2E_ADMIN_PASSWORD);
    const email = `invitee-${Date.now()}@e2e.test`;
    const invited = await request.post('/api/members', { headers: { authorization: `Bearer ${owner}` }, data: { email, role: 'developer', name: 'Invited Dev' } });
    expect(invited.status()).toBe(201);

    const link = await mailedLink(email);
    const password = 'invited member passw0rd';
    await acceptInvitationInPage(page, link, password);
    // The link works once (a fresh load: the same URL with a fragment would only scroll).
    await page.goto('/login');
    await page.goto(link);
    await expect(formAlert(page)).toContainText('This link is invalid, expired or already used');

    // MFA on, through the API with the member's own session.
    const member = await apiLogin(request, email, password);
    const auth = { authorization: `Bearer ${member}` };
    const setup = (await (await request.post('/user/settings/mfa', { headers: auth, data: { enable: true } })).json()) as { totp_uri: string; backup_codes: string[] };
    const secret = new URL(setup.totp_uri).searchParams.get('secret')!;
    expect((await request.post('/user/settings/mfa', { headers: auth, data: { enable: true, code: await currentCode(secret) } })).status()).toBe(200);

    await page.goto('/login');
    await signIn(page, email, password);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    expect(await sessionCookie(page)).toBeUndefined();
    await page.getByLabel('Authentication code').fill('000000' === (await currentCode(secret)) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(formAlert(page)).toHaveText('Invalid or expired code');
    await page.setViewportSize({ width: 320, height: 640 });
    await page.screenshot({ path: path.join(test.info().project.outputDir, 'mfa-step-320.png') });

    // A backup code also completes the step (the TOTP code of this step was used by the setup above).
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(setup.backup_codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(PROJECT_OVERVIEW);
    await expect(page.getByTestId('signed-in-user')).toContainText(email);
    await expect(page.getByText('Two-step verification on')).toBeVisible();
  });
});
