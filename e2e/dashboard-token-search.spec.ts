// Token settings and the metadata filter in a real browser (issue 25): an owner marks a metadata key
// searchable and sets a retention in the Projects page's dialog, then filters the Tokens page by that key's
// value (in the URL, through the search), sees the Format and Expiry columns and each token's metadata in its
// drawer, and finds a deleted token only under the Deleted status. Screenshots at 1280 and 360 px.
import { expect } from '@playwright/test';
import { apiToken, bearer, signIn, snapAndAudit, test } from './dashboard-support';

test.describe('dashboard token search', () => {
  test('owner: searchable key and retention in the project settings, then the Tokens page filtered by metadata', async ({ page, request }) => {
    test.setTimeout(240_000);
    const owner = await apiToken(request);
    // A project of its own, so the filters below see only this test's tokens.
    const created = await request.post('/api/projects', { headers: bearer(owner), data: { name: 'Search e2e' } });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { data: { id: string } }).data.id;
    const base = `/dashboard/p/${projectId}`;
    const app = await request.post('/api/applications', { headers: bearer(owner), data: { name: 'Search e2e app', project_id: projectId, permissions: { tokenization: { allowed: true } } } });
    expect(app.status(), await app.text()).toBe(201);
    const key = ((await app.json()) as { data: { api_key: string } }).data.api_key;
    const tokenize = async (cardNumber: string, extra: Record<string, unknown>) => {
      const response = await request.post('/tokenize', { headers: { 'x-api-key': key }, data: { type: 'card', data: { cardNumber, expirationMonth: '12', expirationYear: '2031' }, ...extra } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { token: string }).token;
    };
    // Made before the key is searchable: the settings' re-index makes them findable.
    const gold = await tokenize('4242424242424242', { metadata: { customer_id: 'cus_e2e_1', plan: 'gold' }, token_format: 'pan_preserving' });
    const expiring = await tokenize('5555555555554444', { metadata: { customer_id: 'cus_e2e_1' }, expires_at: '2031-06-30T00:00:00Z' });
    const other = await tokenize('378282246310005', { metadata: { customer_id: 'cus_e2e_2' } });

    await signIn(page);
    await page.goto(`${base}/projects`);
    await page.getByRole('button', { name: 'Token settings of Search e2e' }).click();
    const dialog = page.getByRole('dialog', { name: 'Token settings of Search e2e' });
    await dialog.getByLabel('Searchable metadata keys, one a line').fill('customer_id\nNot A Key');
    await dialog.getByLabel('Token retention (days unused)').fill('90');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The API's message for the entry, by its line.
    await expect(dialog.getByText('Line 2: searchable_metadata_keys entries must be 1 to 40 of a-z, 0-9 and _')).toBeVisible();
    await dialog.getByLabel('Token retention (days unused)').fill('0');
    // On a phone the failure's toast shows at the top, never over the dialog's Save button.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 740 });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('token_retention_days must be an integer from 1 to 3650, or null')).toBeVisible();
    const toastBox = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
    const saveBox = (await dialog.getByRole('button', { name: 'Save' }).boundingBox())!;
    expect(toastBox.y + toastBox.height <= saveBox.y || saveBox.y + saveBox.height <= toastBox.y).toBe(true);
    await page.setViewportSize(viewport);
    await dialog.getByLabel('Searchable metadata keys, one a line').fill('customer_id');
    await dialog.getByLabel('Token retention (days unused)').fill('90');
    // Edited since: the messages about the earlier text are gone.
    await expect(dialog.getByText('token_retention_days must be an integer from 1 to 3650, or null')).toBeHidden();
    await expect(dialog.getByText(/^Line 2:/)).toBeHidden();
    await snapAndAudit(page, 'projects-token-settings');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Token settings saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('project-row').filter({ hasText: 'Search e2e' })).toContainText('1 searchable key · kept 90 days unused');

    // The metadata filter: a GET form, so it lands in the URL.
    await page.goto(`${base}/tokens`);
    const table = page.getByRole('table', { name: 'Tokens' });
    await expect(page.getByTestId('token-row')).toHaveCount(3);
    await page.getByLabel('Metadata key').selectOption('customer_id');
    await page.getByLabel('Metadata value').fill('cus_e2e_1');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/meta_key=customer_id/);
    await expect(page).toHaveURL(/meta_value=cus_e2e_1/);
    await expect(page.getByTestId('token-row')).toHaveCount(2);
    await expect(table.getByRole('row', { name: new RegExp(gold) })).toContainText('pan_preserving');
    await expect(table.getByRole('row', { name: new RegExp(gold) })).toContainText('Never');
    await expect(table.getByRole('row', { name: new RegExp(expiring) })).toContainText('Jun 30, 2031');
    await expect(table.getByRole('row', { name: new RegExp(expiring) })).toContainText('Active');
    await expect(table.getByText(other)).toHaveCount(0);
    await snapAndAudit(page, 'tokens-metadata-filter');

    // The drawer shows the token's metadata, format and expiry.
    await page.getByRole('button', { name: `View token ${gold}` }).click();
    const drawer = page.getByRole('dialog', { name: `Token ${gold}` });
    await expect(drawer).toContainText('customer_id');
    await expect(drawer).toContainText('cus_e2e_1');
    await expect(drawer).toContainText('pan_preserving');
    await snapAndAudit(page, 'tokens-drawer-metadata');
    await page.keyboard.press('Escape');

    // Half a filter says what is missing; a value of no token finds none.
    await page.goto(`${base}/tokens?meta_value=cus_e2e_1`);
    await expect(page.getByText('A metadata filter needs both a key and a value.')).toBeVisible();
    await page.goto(`${base}/tokens?meta_key=customer_id&meta_value=cus_nobody`);
    await expect(page.getByText('No tokens match these filters.')).toBeVisible();

    // Deleted: gone from the default view, found under the Deleted status with its badge.
    expect((await request.delete(`/api/tokens/${expiring}`, { headers: bearer(owner) })).status()).toBe(200);
    await page.goto(`${base}/tokens?meta_key=customer_id&meta_value=cus_e2e_1`);
    await expect(page.getByTestId('token-row')).toHaveCount(1);
    await page.getByLabel('Status').selectOption('deleted');
    await page.getByLabel('Metadata key').selectOption('');
    await page.getByLabel('Metadata value').fill('');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/status=deleted/);
    await expect(table.getByRole('row', { name: new RegExp(expiring) })).toContainText('Deleted');
    await expect(page.getByTestId('token-row')).toHaveCount(1);
  });
});
