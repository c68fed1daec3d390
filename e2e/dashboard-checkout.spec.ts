// The Checkout pages in a real browser: the owner creates a sandbox merchant (the API's field errors shown
// on the form first; the service key shown once), creates a test session that opens the hosted page in a
// new tab, pays it there, and sees it completed with its attempt and transaction id; then deletes the
// merchant by typing its name. A viewer reads only and the API refuses their writes.
import { expect } from '@playwright/test';
import { CARDS, pay } from './checkout-support';
import { apiToken, bearer, createMember, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

test.describe('dashboard checkout', () => {
  test('owner: create a sandbox merchant, pay a test session in a new tab, see the attempt, delete the merchant', async ({ page, request }) => {
    test.setTimeout(240_000);
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const name = `Dashboard Shop ${Date.now()}`;
    await signIn(page);
    await page.goto(`${base}/checkout`);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

    await page.getByRole('button', { name: 'New merchant' }).click();
    const dialog = page.getByRole('dialog', { name: 'New merchant' });
    await dialog.getByLabel('Name').fill(name);
    // An http processor with a bad URL: the API's message lands next to the URL field.
    await dialog.getByLabel('Processor').selectOption('http');
    await dialog.getByLabel('URL').fill('http://psp.example/charges');
    await dialog.getByLabel('Transaction id path').fill('id');
    await dialog.getByRole('button', { name: 'Create merchant' }).click();
    await expect(dialog.getByText(/url must be an absolute https URL/)).toBeVisible();
    await snapAndAudit(page, 'checkout-create-dialog');
    await dialog.getByLabel('Processor').selectOption('sandbox');
    await dialog.getByRole('button', { name: 'Create merchant' }).click();
    const once = page.getByRole('dialog', { name: `Service key for ${name}` });
    await expect(once.getByTestId('secret-VAULT_SERVICE_API_KEY')).toHaveText(/^msk_test_/);
    await once.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByTestId('merchant-row').filter({ hasText: name })).toBeVisible();
    await snapAndAudit(page, 'checkout');

    await page.getByRole('button', { name: `View merchant ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const merchantUrl = page.url();

    // The hosted page opens in a new tab; paying there sends the customer back to this merchant's page.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Create a test session' }).click()]);
    await tab.waitForURL(/\/checkout\/cs_[0-9A-Za-z]{24}$/);
    const sessionId = new URL(tab.url()).pathname.split('/').pop()!;
    await pay(tab, CARDS.approved);
    await tab.waitForURL(`${merchantUrl}?**`);
    await tab.close();

    await page.reload();
    const row = page.getByTestId('session-row').filter({ hasText: sessionId });
    await expect(row).toContainText('completed');
    await expect(row).toContainText('10.00 EUR');
    await page.getByRole('button', { name: `View session ${sessionId}` }).click();
    const drawer = page.getByRole('dialog', { name: `Session ${sessionId}` });
    await expect(drawer.getByTestId('attempt')).toHaveCount(1);
    await expect(drawer.getByTestId('attempt')).toContainText('approved');
    await expect(drawer.getByTestId('attempt-transaction-id')).toHaveText(/\S+/);
    await snapAndAudit(page, 'checkout-session-drawer');
    await page.keyboard.press('Escape');

    await page.getByLabel('Status').selectOption('open');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/status=open/);
    await expect(page.getByText('No open sessions.')).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm.getByRole('button', { name: 'Delete merchant' })).toBeDisabled();
    await confirm.getByLabel(`Type "${name}" to confirm`).fill(name);
    await confirm.getByRole('button', { name: 'Delete merchant' }).click();
    await expect(page).toHaveURL(`${new URL(merchantUrl).origin}${base}/checkout`);
    await expect(page.getByTestId('merchant-row').filter({ hasText: name })).toHaveCount(0);
  });

  test('viewer: read-only, no actions; the API refuses their writes', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const created = await request.post('/api/merchants', { headers: bearer(owner), data: { name: `Viewer Shop ${Date.now()}`, project_id: base.split('/').pop(), processor: { type: 'sandbox' } } });
    expect(created.status()).toBe(201);
    const merchant = ((await created.json()) as { data: { id: string; name: string } }).data;

    const viewer = await createMember(request, 'viewer', owner);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${base}/checkout`);
    await expect(page.getByTestId('read-only-notice')).toContainText('Owners and admins can create, edit and delete merchants.');
    await expect(page.getByRole('button', { name: 'New merchant' })).toHaveCount(0);
    await page.goto(`${base}/checkout/${merchant.id}`);
    await expect(page.getByRole('heading', { level: 1, name: merchant.name })).toBeVisible();
    for (const action of ['Create a test session', 'Edit', 'Rotate service key', 'Delete']) await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
    const statuses = await page.evaluate(async (id) => {
      const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.status);
      return [await post('/api/merchants', { name: 'nope', processor: { type: 'sandbox' } }), await post(`/api/merchants/${id}/test-session`, {}), await fetch(`/api/merchants/${id}`, { method: 'DELETE' }).then((response) => response.status)];
    }, merchant.id);
    expect(statuses).toEqual([403, 403, 403]);
    expect((await page.goto(`${base}/checkout/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b`))?.status()).toBe(404);
    await context.close();
  });
});
