// The API reference (GET /docs) in a real browser: Scalar renders /openapi.json from the first-party bundle,
// every request the page makes stays on this origin (no CDN, no fonts, no telemetry), the strict policy
// reports no violation, and it reads well at desktop and phone widths, light and dark (screenshots kept in
// test-results/).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/** Every URL the page requests, and every CSP violation it reports (console and securitypolicyviolation events). */
async function watch(page: Page): Promise<{ requests: string[]; violations: () => Promise<string[]>; errors: string[] }> {
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  return { requests, errors, violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations) };
}

async function openReference(page: Page): Promise<void> {
  const response = await page.goto('/docs');
  expect(response?.status()).toBe(200);
  // The tokenize operation, rendered from /openapi.json (parsing the 3.5 MB bundle takes seconds on a busy CI machine).
  await expect(page.getByRole('heading', { name: 'Tokenize card or bank data' }).first()).toBeVisible({ timeout: 30_000 });
}

test.describe('API reference', () => {
  test.describe.configure({ timeout: 60_000 });

  test('renders /openapi.json with first-party requests only and no CSP violation', async ({ page, baseURL }) => {
    const watched = await watch(page);
    await openReference(page);
    // Whatever the page fetches after rendering counts too.
    await page.waitForLoadState('networkidle');
    const origin = new URL(baseURL!).origin;
    const foreign = watched.requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
    expect(foreign).toEqual([]);
    const paths = watched.requests.map((url) => new URL(url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/docs', '/docs/scalar-1.46.4.js', '/openapi.json']));
    expect(await watched.violations()).toEqual([]);
    expect(watched.errors).toEqual([]);
    // The try-it client and search are there (the reference is usable, not just drawn).
    await expect(page.getByRole('button', { name: /Test Request/i }).first()).toBeVisible();
  });

  test('is linked from the landing page, also on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    const link = page.getByRole('navigation').getByRole('link', { name: 'API reference' });
    await expect(link).toBeVisible();
    // The header fits: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await link.click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { name: 'Tokenize card or bank data' }).first()).toBeVisible({ timeout: 20_000 });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 360]) {
      test(`screenshot ${width} px, ${colorScheme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        const watched = await watch(page);
        await openReference(page);
        // Nothing sticks out sideways at phone width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(test.info().project.outputDir, `docs-${width}-${colorScheme}.png`), animations: 'disabled' });
        expect(await watched.violations()).toEqual([]);
      });
    }
  }
});
