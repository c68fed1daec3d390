// The landing page in a real browser, and the vault API through the browser's request context, against
// the production server on the embedded default (see playwright.config.ts).
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { testApiKey } from './support';

/** Console errors and uncaught exceptions (a hydration mismatch shows up here) while a test runs. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

function statusPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'System status' });
}

function statusRow(panel: Locator, name: string): Locator {
  return panel.getByRole('listitem').filter({ has: panel.page().getByText(name, { exact: true }) });
}

test.describe('landing page', () => {
  test('renders the hero and its security headers', async ({ page }) => {
    const errors = collectPageErrors(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    // Pages are served by Next, which adds next.config.mjs's security headers.
    const headers = response!.headers();
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-powered-by']).toBeUndefined();

    await expect(page).toHaveTitle('Vault — card and bank data vault');
    const hero = page.getByRole('heading', { level: 1 });
    await expect(hero).toBeVisible();
    await expect(hero).toContainText('Card data in.');
    await expect(hero).toContainText('Tokens out.');
    await expect(page.getByRole('heading', { name: 'Quick start', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The API at a glance', level: 2 })).toBeVisible();
    // The examples use this server's own address (APP_URL).
    await expect(page.getByText(`curl -s ${new URL(page.url()).origin}/api/applications/key`)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('links to the OpenAPI 3.1 document', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('navigation').getByRole('link', { name: 'openapi.json' });
    await expect(link).toHaveAttribute('href', '/openapi.json');
    const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/openapi.json'), link.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi?: unknown; paths?: Record<string, unknown> };
    expect(String(document.openapi)).toMatch(/^3\.1/);
    expect(Object.keys(document.paths ?? {})).toEqual(expect.arrayContaining(['/tokenize', '/api/applications/key']));
    await expect(page).toHaveURL(/\/openapi\.json$/);
  });

  test('status panel shows every service ready, and keeps polling /ready', async ({ page }) => {
    // A fake clock lets the 15 s refresh run at once instead of waiting for it.
    await page.clock.install();
    await page.goto('/');
    const panel = statusPanel(page);
    await expect(panel.getByRole('heading', { name: 'System status' })).toBeVisible();
    await expect(panel.getByText('All systems ready')).toBeVisible();
    const expected: [name: string, detail: string][] = [
      ['API', 'Process up, answering requests'],
      ['Database', 'Embedded PostgreSQL (PGlite)'],
      ['Store', 'In-process store'],
    ];
    for (const [name, detail] of expected) {
      const row = statusRow(panel, name);
      await expect(row).toHaveCount(1);
      await expect(row.getByText(detail, { exact: true })).toBeVisible();
      await expect(row.getByText('Operational', { exact: true })).toBeVisible();
    }
    await expect(panel.getByText(/^\d{2}:\d{2}:\d{2} UTC$/)).toBeVisible();

    // The refresh timer exists only once the panel has hydrated: advance the clock until a refresh runs.
    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/ready');
    let refreshSeen = false;
    void refreshed.then(() => (refreshSeen = true));
    await expect(async () => {
      await page.clock.runFor(15_000);
      expect(refreshSeen).toBe(true);
    }).toPass({ timeout: 20_000 });
    const ready = await refreshed;
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', store: 'ok' }, latency_ms: { database: expect.any(Number), store: expect.any(Number) } });
    await expect(panel.getByText('All systems ready')).toBeVisible();
    await expect(panel.getByText('Operational', { exact: true })).toHaveCount(3);
  });

  test('status panel turns degraded when /ready reports a service down', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const panel = statusPanel(page);
    await expect(panel.getByText('All systems ready')).toBeVisible();
    await page.route('**/ready', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'unavailable', checks: { database: 'unavailable', store: 'ok' }, latency_ms: { database: null, store: 0.4 } }),
      }),
    );
    // The first frame is server-rendered; the refresh timer exists only once the panel has hydrated,
    // so advance the clock until a refresh has happened.
    await expect(async () => {
      await page.clock.runFor(15_000);
      await expect(panel.getByText('Degraded')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(statusRow(panel, 'Database').getByText('Unavailable', { exact: true })).toBeVisible();
    await expect(statusRow(panel, 'Store').getByText('Operational', { exact: true })).toBeVisible();
    await expect(statusRow(panel, 'API').getByText('Operational', { exact: true })).toBeVisible();
  });

  test('copy button puts the quick-start snippet on the clipboard', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/');
    const block = page.locator('figure').filter({ has: page.locator('figcaption', { hasText: 'POST /tokenize' }) });
    await expect(block).toHaveCount(1);
    const button = block.getByRole('button', { name: 'Copy' });
    await button.click();
    await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await block.locator('pre code').textContent());
    expect(copied).toContain(`curl -s -X POST ${new URL(page.url()).origin}/tokenize`);
    expect(copied).toContain('"cardNumber":"4242424242424242"');
    // The feedback goes back to "Copy" after 1.5 s.
    await expect(block.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 5_000 });
  });

  test('full-page screenshot', async ({ page }) => {
    await page.goto('/');
    await expect(statusPanel(page).getByText('All systems ready')).toBeVisible();
    await page.screenshot({ path: path.join(test.info().project.outputDir, 'landing.png'), fullPage: true, animations: 'disabled' });
  });
});

test.describe('API smoke through the browser context', () => {
  test('tokenize with the bootstrap key, then verify the key', async ({ request }) => {
    const headers = { 'X-API-Key': testApiKey() };

    const tokenized = await request.post('/tokenize', {
      headers,
      data: { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123' } },
    });
    expect(tokenized.status()).toBe(201);
    // The vault API is answered by the server's fast door, which stamps every response with an id.
    expect(tokenized.headers()['x-request-id']).toMatch(/.+/);
    const card = (await tokenized.json()) as Record<string, unknown>;
    expect(card).toMatchObject({ success: true, type: 'card', mask: '424242******4242', last4: '4242', brand: 'visa', test_mode: true });
    expect(String(card.token)).toMatch(/^tok_/);
    expect(typeof card.cvc_session_id).toBe('string');
    expect(JSON.stringify(card)).not.toContain('4242424242424242');

    const verified = await request.get('/api/applications/key', { headers });
    expect(verified.status()).toBe(200);
    expect(verified.headers()['x-request-id']).toMatch(/.+/);
    expect(await verified.json()).toMatchObject({
      success: true,
      message: 'API key is valid',
      data: { permissions: { tokenization: { allowed: true }, provisioning: { allowed: false } } },
    });
  });

  test('a request without a key is refused with the error envelope', async ({ request }) => {
    const response = await request.get('/api/applications/key', { headers: { 'X-Request-Id': 'e2e-smoke-1' } });
    expect(response.status()).toBe(401);
    expect(response.headers()['x-request-id']).toBe('e2e-smoke-1');
    expect(await response.json()).toMatchObject({ success: false, error: { code: expect.any(String) }, request_id: 'e2e-smoke-1' });
  });
});
