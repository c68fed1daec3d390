// The Applications page in a real browser: an owner creates an application (key shown once; reveal checked
// by default in a test project, unchecked in a production one) and uses the key from the test itself, rotates it with a one-hour grace (both keys work, the page counts the old key's
// calls), ends the grace (old key refused), edits and deletes it by typing its name; a viewer sees the list
// read-only and the API refuses their write from the page; another account's (or a garbage) project id is 404.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, createMember, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

const CARD = { type: 'card', data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123' } };

async function tokenize(request: APIRequestContext, key: string) {
  const response = await request.post('/tokenize', { headers: { 'x-api-key': key }, data: CARD });
  return { status: response.status(), body: (await response.json()) as { error?: { message: string } } };
}

/** The key shown once in the open SecretOnceDialog, then the dialog closed. */
async function takeShownKey(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText('only time');
  const key = (await dialog.getByTestId('secret-VAULT_API_KEY').textContent())!.trim();
  expect(key).toMatch(/^vk_test_/);
  await dialog.getByRole('button', { name: 'I have stored it' }).click();
  await expect(dialog).toBeHidden();
  return key;
}

test.describe('dashboard applications', () => {
  test('owner: create (key once), use, rotate with grace, end grace, edit, delete', async ({ page, request }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const base = await testProjectBase(request, await apiToken(request));
    await signIn(page);
    await page.goto(`${base}/applications`);
    await expect(page.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Applications' })).toBeVisible();

    // Create: the API's schema refuses a short name next to the field, then the key is shown once.
    await page.getByRole('button', { name: 'New application' }).click();
    const dialog = page.getByRole('dialog', { name: 'New application' });
    await dialog.getByLabel('Name').fill('ab');
    await dialog.getByRole('button', { name: 'Create application' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('name must be 3 to 50 characters');
    const name = `E2E app ${Date.now().toString(36)}`;
    await dialog.getByLabel('Name').fill(name);
    // A test project keeps the spec's default: reveal comes with tokenization.
    await expect(dialog.getByLabel('Detokenize')).toBeChecked();
    await snapAndAudit(page, 'applications-create-dialog');
    await dialog.getByRole('button', { name: 'Create application' }).click();
    await expect(page.getByRole('dialog', { name: `API key of ${name}` })).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('X-API-Key');
    await snapAndAudit(page, 'applications-key-once');
    const firstKey = await takeShownKey(page);
    const row = page.getByTestId('application-row').filter({ hasText: name });
    await expect(row).toContainText(firstKey.slice(0, 12));
    await expect(row).toContainText('detokenize');

    // The key works (curl-equivalent, from the test).
    expect((await tokenize(request, firstKey)).status).toBe(201);
    await page.reload();
    await expect(row.getByRole('img', { name: /^Calls in the last 30 days: [1-9]\d*$/ })).toBeVisible();
    await snapAndAudit(page, 'applications');

    // Rotate with a one-hour grace: both keys work, and the page counts the old key's calls.
    await row.getByRole('button', { name: `Rotate key of ${name}` }).click();
    const rotate = page.getByRole('dialog', { name: `Rotate the key of ${name}` });
    await rotate.getByLabel('1 hour').check();
    await rotate.getByRole('button', { name: 'Rotate key' }).click();
    await expect(page.getByRole('dialog', { name: `New API key of ${name}` })).toContainText('The old key keeps working until');
    const secondKey = await takeShownKey(page);
    expect(secondKey).not.toBe(firstKey);
    expect((await tokenize(request, firstKey)).status).toBe(201);
    expect((await tokenize(request, secondKey)).status).toBe(201);
    await page.reload();
    await expect(row.getByTestId('grace-note')).toContainText('Old key valid until');
    await expect(row.getByTestId('grace-note')).toContainText('1 call used it');

    // End the grace now: the old key is refused, the new one still works.
    await row.getByRole('button', { name: `End grace now for ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End grace now' }).click();
    await expect(row.getByTestId('grace-note')).toHaveCount(0);
    const refused = await tokenize(request, firstKey);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.message).toBe('Invalid API key');
    expect((await tokenize(request, secondKey)).status).toBe(201);

    // Edit: rename and take reveal away.
    const renamed = `${name} v2`;
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByLabel('Detokenize').uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const renamedRow = page.getByTestId('application-row').filter({ hasText: renamed });
    await expect(renamedRow).toBeVisible();
    await expect(renamedRow).not.toContainText('detokenize');

    // Delete by typing the name: the key stops at once.
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${renamed}?` });
    await expect(confirm.getByRole('button', { name: 'Delete application' })).toBeDisabled();
    await confirm.getByLabel(`Type "${renamed}" to confirm`).fill(renamed);
    await confirm.getByRole('button', { name: 'Delete application' }).click();
    await expect(renamedRow).toHaveCount(0);
    expect((await tokenize(request, secondKey)).status).toBe(401);
    expect(errors).toEqual([]);
  });

  test('owner: the first application of an empty production project shows its key and the pub key once; reveal stays off unless asked', async ({ page, request }) => {
    test.setTimeout(120_000);
    const owner = await apiToken(request);
    const created = await request.post('/api/projects', { headers: { authorization: `Bearer ${owner}` }, data: { name: `Empty prod ${Date.now().toString(36)}`, production: true } });
    expect(created.status()).toBe(201);
    const projectId = ((await created.json()) as { data: { id: string } }).data.id;
    await signIn(page);
    await page.goto(`/dashboard/p/${projectId}/applications`);
    await expect(page.getByText('No applications yet')).toBeVisible();
    await page.getByRole('button', { name: 'New application' }).click();
    const dialog = page.getByRole('dialog', { name: 'New application' });
    await dialog.getByLabel('Name').fill('First app');
    // Reveal is its own checkbox, explained in one sentence, and unchecked in a production project.
    await expect(dialog.getByLabel('Tokenization')).toBeChecked();
    await expect(dialog.getByLabel('Detokenize')).not.toBeChecked();
    await expect(dialog.getByText('Lets this key read card numbers back with POST /detokenize. Leave it off for servers that only charge cards.')).toBeVisible();
    await snapAndAudit(page, 'applications-create-production');
    await page.getByRole('button', { name: 'Create application' }).click();
    // The list is no longer empty after the refresh: the key dialog must survive it.
    const once = page.getByRole('dialog', { name: 'API key of First app' });
    await expect(once).toBeVisible();
    await expect(once.getByRole('button', { name: 'Copy pub key' })).toBeVisible();
    const listed = await request.get(`/api/applications?project_id=${projectId}`, { headers: { authorization: `Bearer ${owner}` } });
    const apps = ((await listed.json()) as { data: { name: string; permissions: Record<string, { allowed: boolean }> }[] }).data;
    expect(apps.map((app) => [app.name, app.permissions])).toEqual([
      ['First app', { tokenization: { allowed: true }, detokenize: { allowed: false }, provisioning: { allowed: false }, search: { allowed: false } }],
    ]);
  });

  test('viewer: read-only with the reason, the API refuses a write from the page; a foreign project id is 404', async ({ page, request }) => {
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const viewer = await createMember(request, 'viewer', owner);
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${base}/applications`);
    await expect(page.getByTestId('read-only-notice')).toContainText('Owners and admins can create, edit, rotate and delete applications.');
    await expect(page.getByRole('table', { name: 'Applications' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New application' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete|Rotate key of) / })).toHaveCount(0);
    const projectId = base.split('/').pop();
    const status = await page.evaluate(async (project_id) => {
      const response = await fetch('/api/applications', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ name: 'Viewer app', permissions: { tokenization: { allowed: true } }, project_id }),
      });
      return response.status;
    }, projectId);
    expect(status).toBe(403);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-project']) {
      const response = await page.goto(`/dashboard/p/${id}/applications`);
      expect(response?.status()).toBe(404);
    }
  });
});
