// The Audit log page in a real browser: filters in the URL (project, actor, action, outcome), the drawer
// with every field, the CSV export of exactly the filtered rows (downloaded with the page's cookie and
// compared with GET /api/audit-logs under the same filters), "Verify chain" showing valid; a viewer reads
// only (no export, no verify; the API refuses verify with 403).
import { expect } from '@playwright/test';
import { apiToken, bearer, createMember, OWNER_EMAIL, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

test.describe('dashboard audit log', () => {
  test('owner: filters in the URL, drawer, CSV export equals the API listing, verify chain', async ({ page, request }) => {
    test.setTimeout(240_000);
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const projectId = base.split('/').pop()!;
    // Something to find: two test tokens and a refused call.
    for (const cardNumber of ['4242424242424242', '5555555555554444']) {
      const created = await request.post(`/test-tokens?project_id=${projectId}`, { headers: bearer(owner), data: { cardNumber, expirationMonth: '12', expirationYear: '2031', cvc: '123' } });
      expect(created.status()).toBe(201);
    }
    await signIn(page);
    await page.goto(`${base}/audit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await snapAndAudit(page, 'audit');

    await page.getByLabel('Action').fill('test_token.create');
    await page.getByLabel('Outcome').selectOption('success');
    const ownerId = (await page.locator('#audit-actor option', { hasText: OWNER_EMAIL }).getAttribute('value'))!;
    await page.getByLabel('Actor').selectOption(ownerId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/action=test_token\.create/);
    await expect(page).toHaveURL(/outcome=success/);
    await expect(page).toHaveURL(new RegExp(`project=${projectId}`));
    await expect(page).toHaveURL(new RegExp(`actor=${ownerId}`));
    const rows = page.getByTestId('audit-row');
    await expect(rows.first()).toBeVisible();
    // Clear empties the fields as well as the URL, and applying the same filters again brings them back.
    await page.getByRole('link', { name: 'Clear' }).click();
    await expect(page).not.toHaveURL(/action=/);
    await expect(page.getByLabel('Action')).toHaveValue('');
    await expect(page.getByLabel('Outcome')).toHaveValue('');
    await page.goBack();
    await expect(page.getByLabel('Action')).toHaveValue('test_token.create');
    const shown = await rows.count();
    expect(shown).toBeGreaterThanOrEqual(2);
    for (const text of await rows.allTextContents()) expect(text).toContain('test_token.create');

    // The drawer: every field.
    await page.getByRole('button', { name: /^View audit row test_token.create/ }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Audit row: test_token.create' });
    for (const label of ['ID', 'Action', 'Outcome', 'Status', 'Actor', 'Project', 'Token', 'Resource', 'IP', 'Request id', 'Created', 'Sealed']) await expect(drawer.getByText(label, { exact: true })).toBeVisible();
    await snapAndAudit(page, 'audit-drawer');
    await page.keyboard.press('Escape');
    // Focus returns to the row's View button (the drawer has no Radix Trigger to return to).
    await expect(page.getByRole('button', { name: /^View audit row test_token.create/ }).first()).toBeFocused();

    // Export: the link carries exactly the listing's filters; the browser's cookie downloads it.
    const href = (await page.getByTestId('export-csv').getAttribute('href'))!;
    const exportQuery = new URL(href, 'http://x').searchParams;
    expect(Object.fromEntries(exportQuery)).toEqual({ project_id: projectId, actor: ownerId, action: 'test_token.create', outcome: 'success' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = (await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe('id,created_at,action,outcome,status_code,actor_type,actor_id,application_id,project_id,token_id,resource,ip,request_id,sealed');
    const listed = await request.get(`/api/audit-logs?${exportQuery}&limit=100`, { headers: bearer(owner) });
    const apiRows = ((await listed.json()) as { data: Array<{ id: string; action: string }> }).data;
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(apiRows.map((row) => row.id));
    expect(apiRows.length).toBe(shown);

    // All projects, then the chain check.
    await page.getByLabel('Project').selectOption('all');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/project=all/);
    expect(new URL((await page.getByTestId('export-csv').getAttribute('href'))!, 'http://x').searchParams.has('project_id')).toBe(false);
    // Back and forward: the form shows the URL's filters, not the ones chosen before submitting.
    await page.goBack();
    await expect(page).not.toHaveURL(/project=all/);
    await expect(page.getByLabel('Project')).toHaveValue(projectId);
    await page.goForward();
    await expect(page).toHaveURL(/project=all/);
    await expect(page.getByLabel('Project')).toHaveValue('all');
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect(page.getByTestId('verify-result')).toContainText(/Valid: \d+ sealed rows checked/);
  });

  test('viewer: read-only, no export or verify; the API refuses verify', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const viewer = await createMember(request, 'viewer', owner);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${base}/audit`);
    await expect(page.getByTestId('read-only-notice')).toContainText('Owners and admins can export the audit log and verify its chain.');
    await expect(page.getByTestId('export-csv')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Verify chain' })).toHaveCount(0);
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    expect(await page.evaluate(async () => (await fetch('/api/audit-logs/verify')).status)).toBe(403);
    expect(await page.evaluate(async () => (await fetch('/api/audit-logs/export')).status)).toBe(403);
    await context.close();
  });
});
