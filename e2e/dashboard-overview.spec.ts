// The Overview page in a real browser: after a few tokenize calls (and one refused) the chart and its
// caption show exactly what GET /api/usage answers, the kind of calls is kept in the URL, the panels show
// tokens stored, checkout sessions, security events and recent activity (a viewer's own sign-in too);
// another account's (or a garbage) project id is 404.
import { expect } from '@playwright/test';
import { apiToken, bearer, createMember, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

type Usage = { totals: Record<'tokenize' | 'proxy' | 'detokenize' | 'test_tokens', { success: number; failure: number }> };

test.describe('dashboard overview', () => {
  test('owner: calls per day after tokenize calls, as the usage API counts them; panels; 404 for a foreign project', async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const token = await apiToken(request);
    const base = await testProjectBase(request, token);
    const projectId = base.split('/').pop()!;
    const created = await request.post('/api/applications', { headers: bearer(token), data: { name: `Overview ${Date.now().toString(36)}`, permissions: { tokenization: { allowed: true } }, project_id: projectId } });
    expect(created.status()).toBe(201);
    const key = ((await created.json()) as { data: { api_key: string } }).data.api_key;
    const card = { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvv: '123' };
    for (let call = 0; call < 3; call += 1) {
      expect((await request.post('/tokenize', { headers: { 'x-api-key': key }, data: { type: 'card', data: card } })).status()).toBe(201);
    }
    expect((await request.post('/tokenize', { headers: { 'x-api-key': key }, data: { type: 'card', data: { ...card, cardNumber: '1234' } } })).status()).toBe(400);

    const usage = ((await (await request.get(`/api/usage?project_id=${projectId}`, { headers: bearer(token) })).json()) as { data: Usage }).data;
    const { success, failure } = usage.totals.tokenize;
    expect(success).toBeGreaterThanOrEqual(3);
    expect(failure).toBeGreaterThanOrEqual(1);

    await signIn(page);
    await page.goto(base);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page.getByTestId('calls-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('auth.login');
    await expect(page.getByRole('region', { name: 'Recent security events' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tokens stored' })).toBeVisible();
    await snapAndAudit(page, 'overview');

    // Only tokenize calls: the caption and the table say exactly what the usage API counts.
    await page.getByRole('navigation', { name: 'Kind of calls' }).getByRole('link', { name: 'Tokenize', exact: true }).click();
    await expect(page).toHaveURL(`${base}?calls=tokenize`);
    const summary = page.getByTestId('calls-summary');
    await expect(summary).toContainText(`Tokenize calls from`);
    await expect(summary).toContainText(`${success + failure}, of which ${success} succeeded and ${failure} failed`);
    await page.getByText('Show the numbers as a table').click();
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
    await expect(page.getByRole('table', { name: 'Tokenize calls per day' }).getByRole('row', { name: today })).toBeVisible();

    for (const id of ['00000000-0000-4000-8000-000000000000', 'garbage']) {
      const response = await page.goto(`/dashboard/p/${id}`);
      expect(response?.status()).toBe(404);
    }
    expect(errors).toEqual([]);
  });

  test('viewer: reads the overview and the recent activity with their own sign-in', async ({ page, request }) => {
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const viewer = await createMember(request, 'viewer', owner);
    await signIn(page, viewer.email, viewer.password);
    await page.goto(base);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('auth.login');
    await expect(page.getByTestId('calls-chart')).toBeVisible();
  });
});
