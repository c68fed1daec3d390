// The guides in a real browser: the landing page links each one, a guide renders from docs/<name>.md with
// its headings, a link inside a guide leads to another guide's heading in the app, and the pages run under
// the nonce Content-Security-Policy without a violation (the fixture of dashboard-support.ts fails the test
// otherwise). Screenshots at 1280 and 360 px in both themes, with the axe-core check, under
// test-results/dashboard/guide-*.png.
import path from 'node:path';
import { expect } from '@playwright/test';
import { GUIDES } from '../lib/guides/guides';
import { snapAndAudit, test } from './dashboard-support';

test.describe('guides', () => {
  test('the landing page links every guide, and each one renders from its Markdown', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Guides' });
    for (const guide of GUIDES) {
      await expect(section.getByRole('link', { name: new RegExp(`^${guide.title}`) })).toHaveAttribute('href', `/guides/${guide.name}`);
    }
    await expect(section.getByRole('link', { name: /Start with the README/ })).toHaveAttribute('href', '/guides');

    for (const guide of GUIDES) {
      const response = await page.goto(`/guides/${guide.name}`);
      expect(response?.status(), guide.name).toBe(200);
      expect(response!.headers()['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(guide.title);
      await expect(page).toHaveTitle(`${guide.title} · Vault`);
    }
    expect((await page.goto('/guides/no-such-guide'))?.status()).toBe(404);
  });

  test('a guide shows its headings, and a link to another guide lands on that heading', async ({ page }) => {
    await page.goto('/guides/production');
    const guide = page.locator('article.guide-prose');
    for (const heading of ['Running several nodes', 'Behind PgBouncer', 'Redis high availability', 'Capacity', 'Deploying: Docker image, Compose, Helm']) {
      await expect(guide.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator('#behind-pgbouncer')).toHaveText('Behind PgBouncer');
    // The configuration table links into the API guide's heading (production.md → api.md#…).
    const link = guide.getByRole('link', { name: 'Accounts, users and the management API' }).first();
    await expect(link).toHaveAttribute('href', '/guides/api#accounts-users-and-the-management-api');
    await link.click();
    await expect(page).toHaveURL(/\/guides\/api#accounts-users-and-the-management-api$/);
    await expect(page.locator('#accounts-users-and-the-management-api')).toBeInViewport();
    // Back to the README, rendered as the guides' index, whose links lead to the guides again.
    await page.getByRole('link', { name: '← Back to the README' }).click();
    await expect(page).toHaveURL(/\/guides$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vault');
    await page.locator('article.guide-prose').getByRole('link', { name: 'Hosted checkout' }).first().click();
    await expect(page).toHaveURL(/\/guides\/checkout$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Payment processors' })).toBeVisible();
  });

  test('screenshots in both themes and at 1280 and 360 px', async ({ page }) => {
    await page.goto('/guides/production');
    await snapAndAudit(page, 'guide-production');
    await page.goto('/guides');
    await snapAndAudit(page, 'guide-readme');
    // The landing page has one (dark) theme: its guides section at both widths.
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Guides' });
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await section.screenshot({ path: path.join(test.info().project.outputDir, 'dashboard', `landing-guides-${width}.png`), animations: 'disabled' });
    }
  });
});
