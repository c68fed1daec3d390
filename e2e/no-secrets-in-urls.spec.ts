// No secret in a URL, even before the page is interactive: the sign-in form (and the MFA code form) posts
// and is inert until hydrated, so a submit before React runs never turns the email and password into a GET
// query (/login?email=…&password=…) that lands in the address bar, history and proxy logs; and /login
// redirects a query carrying credentials to itself without them. Also: the dashboard's MFA enrolment page
// (where an account that requires MFA sends its members) works in the browser, its cookie-authenticated
// fetches passing the same-origin check. Mailed links (invitation, reset) carry their token in the fragment,
// which no request line ever holds; an old `?token=` link is moved there.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { acceptInvitationInPage, linkToken, mailedLink } from './dashboard-support';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';

const EMAIL = 'nobody-here@e2e.test';
const PASSWORD = 'Sup3r-secret-passw0rd-e2e';
const CODE = '424242';

/** Every URL the page requested or navigated to while the test ran. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return urls;
}

function expectNoSecretIn(urls: string[], ...secrets: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, ' '));
    for (const secret of secrets) {
      expect(decoded, url).not.toContain(secret);
      expect(url, url).not.toContain(encodeURIComponent(secret));
    }
  }
}

/** The page's scripts never load: the server-rendered HTML is all there is (a user faster than hydration, or JS blocked). */
async function withoutScripts(page: Page) {
  await page.route(/\/_next\/static\/.*\.js(\?.*)?$/, (route) => route.abort());
}

/** `form.submit()`: the browser's own submission, which skips the disabled button and any script; its answer. */
async function nativeSubmit(page: Page, form: Locator) {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && response.request().resourceType() === 'document');
  await form.evaluate((element: HTMLFormElement) => element.submit());
  const response = await answer;
  await page.waitForLoadState('load');
  return response;
}

test.describe('no secret in a URL before hydration', () => {
  test('the sign-in form, never hydrated: Enter, a click and a native submit put no credential in any URL', async ({ page }) => {
    const urls = recordUrls(page);
    await withoutScripts(page);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form).toHaveAttribute('method', 'post');
    const submit = page.getByRole('button', { name: 'Sign in' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await submit.click({ force: true });
    // Even a native submit that ignores the disabled button (a script, an extension) posts: the body, not the URL.
    const posted = await nativeSubmit(page, form);
    expect(new URL(posted.url()).pathname).toBe('/login');
    expect(posted.status()).toBeLessThan(500);

    expect(new URL(page.url()).search).not.toContain('password');
    expectNoSecretIn(urls, PASSWORD, EMAIL);
  });

  test('submitted while the scripts are still loading: nothing leaks, and the form works once hydrated', async ({ page }) => {
    const urls = recordUrls(page);
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_next\/static\/.*\.js(\?.*)?$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/login$/);

    release();
    const submit = page.getByRole('button', { name: 'Sign in' });
    await expect(submit).toBeEnabled();
    // Hydrated: the same form signs in through next-auth's fetch (here: an unknown user is refused).
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await submit.click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    expectNoSecretIn(urls, PASSWORD, EMAIL);
  });

  test('the MFA code form, never hydrated: the code stays out of every URL', async ({ page }) => {
    const urls = recordUrls(page);
    await withoutScripts(page);
    await page.goto('/auth/mfa/verify-page?mfa_token=not-a-real-step-token');
    const form = page.getByRole('form', { name: 'Two-step verification' });
    await expect(form).toHaveAttribute('method', 'post');
    await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await page.getByLabel('Authentication code').fill(CODE);
    await page.getByLabel('Authentication code').press('Enter');
    expect((await nativeSubmit(page, form)).status()).toBeLessThan(500);
    expectNoSecretIn(urls, CODE);
  });
});

test.describe('/login refuses credentials in its query', () => {
  test('/login?email=…&password=… is redirected to /login without them, and the page never shows them', async ({ page }) => {
    const response = await page.goto(`/login?callbackUrl=%2Fdashboard&email=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}`);
    await expect(page).toHaveURL(/\/login$/);
    expect(response?.status()).toBe(200);
    const html = await page.content();
    expect(html).not.toContain(PASSWORD);
    expect(html).not.toContain(EMAIL);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Sign in to Vault' })).toBeVisible();
  });

  test('a safe callbackUrl survives the clean-up; the plain sign-in page is left alone', async ({ page }) => {
    await page.goto(`/login?callbackUrl=${encodeURIComponent('/checkout/cs_x')}&password=${encodeURIComponent(PASSWORD)}`);
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcheckout%2Fcs_x$/);
    await page.goto('/login?callbackUrl=/dashboard');
    await expect(page).toHaveURL(/\/login\?callbackUrl=\/dashboard$/);
  });
});

test.describe('mailed links carry their token in the fragment', () => {
  /** The request line of every request the page makes: what a proxy or access log would keep. */
  function recordRequestLines(page: Page): string[] {
    const lines: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      lines.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    return lines;
  }

  test('an invitation link: the page reads #token= in the browser, the server never gets it in a request line; an old ?token= link is moved into the fragment', async ({ page, request }) => {
    const owner = await apiLogin(request, 'owner@e2e.test', E2E_ADMIN_PASSWORD);
    const email = `fragment-${Date.now()}@e2e.test`;
    expect((await request.post('/api/members', { headers: { authorization: `Bearer ${owner}` }, data: { email, role: 'viewer' } })).status()).toBe(201);
    const link = await mailedLink(email);
    expect(link).toMatch(/\/reset-password#token=[0-9A-Za-z]+$/);
    const token = linkToken(link);

    const lines = recordRequestLines(page);
    const password = 'fragment member passw0rd';
    await acceptInvitationInPage(page, link, password);
    expect(lines).toContain('GET /reset-password');
    expect(lines).toContain('POST /auth/verify-reset-token');
    for (const line of lines) expect(line).not.toContain(token);

    // An old link (`?token=`): a 307 to the same page with the token in the fragment, read there as well.
    expect((await request.post('/auth/forgot-password', { data: { email } })).status()).toBe(200);
    await expect.poll(async () => linkToken(await mailedLink(email))).not.toBe(token);
    const resetToken = linkToken(await mailedLink(email));
    lines.length = 0;
    const response = await page.goto(`/reset-password?token=${resetToken}`);
    const redirect = await response!.request().redirectedFrom()!.response();
    expect(redirect!.status()).toBe(307);
    expect(redirect!.headers()['location']).toBe(`/reset-password#token=${resetToken}`);
    await expect(page).toHaveURL(new RegExp(`/reset-password#token=${resetToken}$`));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // Only the old link's own request carried it.
    expect(lines.filter((line) => line.includes(resetToken))).toEqual([`GET /reset-password?token=${resetToken}`]);
  });

  test('a link without a token, or with a wrong one, says so', async ({ page }) => {
    for (const path of ['/reset-password', '/reset-password#token=not-a-real-token']) {
      await page.goto('/login');
      await page.goto(path);
      await expect(page.getByText('This link is invalid, expired or already used')).toHaveRole('alert');
    }
  });
});

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test.describe('the MFA enrolment page', () => {
  test('a member signs in, sets up MFA on /dashboard/enrol-mfa (the page\'s cookie calls pass the origin check), then reaches the dashboard', async ({ page, request }) => {
    const owner = await apiLogin(request, 'owner@e2e.test', E2E_ADMIN_PASSWORD);
    const email = `enrol-${Date.now()}@e2e.test`;
    expect((await request.post('/api/members', { headers: { authorization: `Bearer ${owner}` }, data: { email, role: 'viewer' } })).status()).toBe(201);
    const password = 'enrolling member passw0rd';
    expect((await request.post('/auth/reset-password', { data: { token: linkToken(await mailedLink(email)), new_password: password } })).status()).toBe(200);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/p\/[0-9a-f-]{36}$/);

    await page.goto('/dashboard/enrol-mfa');
    await page.getByRole('button', { name: 'Set up two-step verification' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const intoStep = Date.now() % 30_000;
    if (intoStep > 29_000) await page.waitForTimeout(30_000 - intoStep + 50);
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await expect(page.getByRole('status')).toContainText('Two-step verification is on');
    // The backup codes come once the first code is accepted.
    await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/p\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Two-step verification on')).toBeVisible();

    // A body-less cookie POST from the app's own page passes the origin check too (logout), and ends the session.
    const status = await page.evaluate(async () => (await fetch('/auth/logout', { method: 'POST', headers: { accept: 'application/json' } })).status);
    expect(status).toBe(200);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });
});
