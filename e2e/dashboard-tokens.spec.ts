// The Tokens page in a real browser: the owner creates a test token from the published-card picker (shown
// once), finds it with the filters (in the URL) and by its value, opens its drawer with the audit trail,
// deletes it; a viewer reads only (and the API refuses their DELETE); no card number in the page's HTML;
// a foreign project id is a 404.
import { expect, type Page } from '@playwright/test';
import { apiToken, bearer, createMember, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

const PAN = '4242424242424242';

async function expectNoPan(page: Page) {
  expect(await page.content()).not.toContain(PAN);
}

/** Creates a test token from the dialog; returns the token shown once. */
async function createTestToken(page: Page, card: string): Promise<string> {
  await page.getByRole('button', { name: 'New test token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New test token' });
  await dialog.getByLabel('Test card').selectOption(card);
  await dialog.getByRole('button', { name: 'Create test token' }).click();
  const once = page.getByRole('dialog', { name: 'Test token created' });
  const token = (await once.getByTestId('secret-VAULT_TEST_TOKEN').textContent())!.trim();
  expect(token).toMatch(/^tok_/);
  await expect(once.getByTestId('secret-VAULT_TEST_CVC_SESSION_ID')).toHaveText(/^[0-9a-f-]{36}$/);
  await expectNoPan(page);
  await once.getByRole('button', { name: 'I have stored it' }).click();
  await expect(once).toBeHidden();
  return token;
}

test.describe('dashboard tokens', () => {
  test('owner: test token from the picker, filters in the URL, search by value, drawer with its audit trail, delete', async ({ page, request }) => {
    test.setTimeout(240_000);
    await signIn(page);
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    await page.goto(`${base}/tokens`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tokens' })).toBeVisible();

    await page.getByRole('button', { name: 'New test token' }).click();
    await expect(page.getByRole('dialog', { name: 'New test token' })).toBeVisible();
    await snapAndAudit(page, 'tokens-create-dialog');
    await page.keyboard.press('Escape');

    const visa = await createTestToken(page, 'visa');
    const mastercard = await createTestToken(page, 'mastercard');
    const table = page.getByRole('table', { name: 'Tokens' });
    await expect(table.getByRole('row', { name: new RegExp(visa) })).toContainText('424242******4242');
    await expect(table.getByRole('row', { name: new RegExp(mastercard) })).toContainText('mastercard');
    await snapAndAudit(page, 'tokens');
    await expectNoPan(page);

    // Filters: a GET form, so they land in the URL.
    await page.getByLabel('Brand').selectOption('mastercard');
    await page.getByLabel('Last 4').fill('4444');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/brand=mastercard/);
    await expect(page).toHaveURL(/last4=4444/);
    await expect(table.getByRole('row', { name: new RegExp(mastercard) })).toBeVisible();
    await expect(table.getByText(visa)).toHaveCount(0);
    await page.goto(`${base}/tokens?brand=visa&last4=4242`);
    await expect(table.getByRole('row', { name: new RegExp(visa) })).toBeVisible();
    await expect(table.getByText(mastercard)).toHaveCount(0);
    const fingerprint = ((await (await request.get(`/api/tokens/${visa}`, { headers: bearer(owner) })).json()) as { data: { fingerprint: string } }).data.fingerprint;
    await page.goto(`${base}/tokens`);
    await page.getByLabel('Fingerprint').fill(fingerprint.slice(0, 12));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`fingerprint=${fingerprint.slice(0, 12)}`));
    await expect(table.getByRole('row', { name: new RegExp(visa) })).toContainText('owner@e2e.test');
    await expect(table.getByText(mastercard)).toHaveCount(0);
    // Clear empties the fields as well as the URL (a client navigation keeps the mounted form otherwise).
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/tokens$`));
    await expect(page.getByLabel('Fingerprint')).toHaveValue('');

    // Search: an unknown value, then the token's own value opens it alone with its drawer.
    await page.goto(`${base}/tokens`);
    await page.getByLabel('Token value').fill('tok_doesNotExist00000000');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No token with that value')).toBeVisible();
    await page.getByLabel('Token value').fill(visa);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${visa}`));
    const drawer = page.getByRole('dialog', { name: `Token ${visa}` });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('424242******4242');
    await expect(drawer.getByTestId('audit-trail-row').filter({ hasText: 'test_token.create' })).toHaveCount(1);
    await snapAndAudit(page, 'tokens-drawer');
    await expectNoPan(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('token-row')).toHaveCount(1);

    // Viewing a row from the listing opens the same drawer; delete it there.
    await page.goto(`${base}/tokens`);
    await page.getByRole('button', { name: `View token ${mastercard}` }).click();
    await expect(page).toHaveURL(new RegExp(`token=${mastercard}`));
    const mcDrawer = page.getByRole('dialog', { name: `Token ${mastercard}` });
    await expect(mcDrawer.getByTestId('audit-trail-row').filter({ hasText: 'test_token.create' })).toHaveCount(1);
    await mcDrawer.getByRole('button', { name: 'Delete token' }).click();
    await page.getByRole('dialog', { name: 'Delete this token?' }).getByRole('button', { name: 'Delete token' }).click();
    await expect(page.getByText('Token deleted')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Tokens' }).getByText(mastercard)).toHaveCount(0);
    expect((await request.get(`/api/tokens/${mastercard}`, { headers: bearer(owner) })).status()).toBe(404);
    // The deletion is in the token's trail too.
    const trail = await request.get(`/api/audit-logs?action=token.delete&project_id=${base.split('/').pop()}`, { headers: bearer(owner) });
    expect(((await trail.json()) as { data: Array<{ outcome: string }> }).data[0]).toMatchObject({ outcome: 'success' });
  });

  test('viewer: read-only, no actions, the API refuses a DELETE from the page; a foreign project is a 404', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const created = await request.post(`/test-tokens?project_id=${base.split('/').pop()}`, {
      headers: bearer(owner),
      data: { cardNumber: '5555555555554444', expirationMonth: '12', expirationYear: '2031', cvc: '123' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const token = ((await created.json()) as { token: string }).token;

    const viewer = await createMember(request, 'viewer', owner);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${base}/tokens`);
    await expect(page.getByTestId('read-only-notice')).toContainText('Owners, admins and developers can create test tokens and delete tokens.');
    await expect(page.getByRole('button', { name: 'New test token' })).toHaveCount(0);
    await page.getByRole('button', { name: `View token ${token}` }).click();
    await expect(page.getByRole('dialog', { name: `Token ${token}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete token' })).toHaveCount(0);
    const status = await page.evaluate(async (value) => (await fetch(`/api/tokens/${value}`, { method: 'DELETE' })).status, token);
    expect(status).toBe(403);
    expect((await request.get(`/api/tokens/${token}`, { headers: bearer(owner) })).status()).toBe(200);

    const foreign = await page.goto('/dashboard/p/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/tokens');
    expect(foreign?.status()).toBe(404);
    await context.close();
  });
});
