// The hosted checkout in a merchant's branding (issue 24): a brand colour, a logo uploaded as SVG (kept and
// served by the vault: the page's CSP loads images from the vault only), small corners and a serif font.
// Screenshots at 1280 and 360 px in the light and the dark scheme (theme `auto` follows
// prefers-color-scheme), the pay button's colours as computed for WCAG AA, and axe with no serious or
// critical issue in both. The `test` fixture fails on any CSP violation.
import path from 'node:path';
import { expect } from '@playwright/test';
import { payButton } from './checkout-support';
import { apiToken, bearer, expectAccessible, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40"><rect width="40" height="40" rx="10" fill="#635bff"/><path d="M12 28 20 12l8 16z" fill="#ffffff"/><text x="50" y="28" font-family="sans-serif" font-size="22" font-weight="700" fill="#635bff">Acme</text></svg>';

test('a branded checkout: logo from the vault, brand colour with AA text, light and dark, 1280 and 360 px', async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = await apiToken(request);
  const projectId = (await testProjectBase(request, owner)).split('/').pop();
  const branding = { display_name: 'Acme Coffee', brand_color: '#635bff', theme: 'auto', corner_radius: 'small', font: 'serif', logo: { content_type: 'image/svg+xml', data_base64: Buffer.from(LOGO).toString('base64') } };
  const created = await request.post('/api/merchants', { headers: bearer(owner), data: { name: `Branded ${Date.now()}`, project_id: projectId, processor: { type: 'sandbox' }, branding } });
  expect(created.status(), await created.text()).toBe(201);
  const merchant = (await created.json()).data as { id: string; branding: { logo: { url: string } } };
  const session = await request.post(`/api/merchants/${merchant.id}/test-session`, { headers: bearer(owner), data: {} });
  expect(session.status(), await session.text()).toBe(201);
  const { url } = (await session.json()) as { url: string };

  const dir = path.join(test.info().project.outputDir, 'checkout-branding');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Acme Coffee');
    const logo = page.getByTestId('merchant-logo');
    await expect(logo).toHaveAttribute('src', merchant.branding.logo.url);
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(160);
    // #635bff under white text is 4.70:1 (brand-contrast.ts): the colour is used as it is.
    await expect(payButton(page)).toBeEnabled();
    expect(await payButton(page).evaluate((button) => [getComputedStyle(button).backgroundColor, getComputedStyle(button).color])).toEqual(['rgb(99, 91, 255)', 'rgb(255, 255, 255)']);
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe(scheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(9, 9, 11)');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^ui-serif/);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `overflows ${width} px sideways (${scheme})`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(dir, `checkout-${width}-${scheme}.png`), fullPage: true, animations: 'disabled' });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Card number').focus();
    await expectAccessible(page, `branded checkout (${scheme})`);
  }
});

test("dashboard: the merchant page's branding form, its field errors and live preview; saved, the API shows it", async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = await apiToken(request);
  const base = await testProjectBase(request, owner);
  const created = await request.post('/api/merchants', { headers: bearer(owner), data: { name: `Preview ${Date.now()}`, project_id: base.split('/').pop(), processor: { type: 'sandbox' } } });
  const { id } = (await created.json()).data as { id: string };
  await signIn(page);
  await page.goto(`${base}/checkout/${id}`);
  const form = page.getByRole('form', { name: 'Checkout branding' });
  await form.getByLabel('Display name').fill('Preview Roasters');
  await form.getByLabel('Brand colour').fill('orange');
  await form.getByRole('button', { name: 'Save branding' }).click();
  await expect(form.getByText('brand_color must be a colour as #rrggbb')).toBeVisible();
  await form.getByLabel('Brand colour').fill('#0a7f3f');
  await form.getByLabel('Corners').selectOption('none');
  await form.getByLabel('Logo file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
  // The preview follows the inputs before anything is saved.
  const preview = page.getByTestId('checkout-preview-1280-light');
  await expect(preview.getByRole('button', { includeHidden: true })).toHaveCSS('background-color', 'rgb(10, 127, 63)');
  await expect(preview.getByText('Preview Roasters')).toBeVisible();
  await page.getByRole('group', { name: 'Preview scheme' }).getByRole('button', { name: 'Dark' }).click();
  await expect(page.getByTestId('checkout-preview-360-dark')).toBeVisible();
  await form.getByRole('button', { name: 'Save branding' }).click();
  await expect(page.getByText('Branding saved')).toBeVisible();
  const read = await request.get(`/api/merchants/${id}`, { headers: bearer(owner) });
  expect((await read.json()).data.branding).toMatchObject({ display_name: 'Preview Roasters', brand_color: '#0a7f3f', theme: 'auto', corner_radius: 'none', logo: { content_type: 'image/svg+xml' } });
  await snapAndAudit(page, 'checkout-branding-form');
});
