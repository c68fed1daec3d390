// The Webhooks pages in a real browser, delivering to a plain node:http receiver on loopback that verifies
// every request with the package's own `verifyWebhook` (vault/webhooks) and the secret read off the page.
// The owner: empty state → add an endpoint (the API's URL error on the form first; the secret once) → a test
// event arrives verified and shows in the log as succeeded, its drawer with the envelope and the answer → a
// second test answered 500 shows as failed, the status filter finds each → rotate with an overlap: the next
// test carries two signatures, each verifying with its own secret → disable / enable → replay the failed
// delivery → resend from the drawer → delete by typing the URL. A viewer reads only and the API refuses
// their writes; a foreign project or endpoint is a 404.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { verifyWebhook } from 'vault/webhooks';
import { apiToken, bearer, createMember, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

type Received = { id: string; headers: IncomingHttpHeaders; body: Buffer; status: number; type?: string; verified: boolean };

/** A loopback receiver: records each request, verifies it with `secrets`, answers 500 to the ids in `failing`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { secrets: [] as string[], failing: new Set<string>(), failAll: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const id = String(req.headers['webhook-id'] ?? '');
      const event = await verifyWebhook<{ type: string }>(body, req.headers, state.secrets).catch(() => null);
      const status = state.failAll || state.failing.has(id) ? 500 : 200;
      received.push({ id, headers: req.headers, body, status, type: event?.type, verified: !!event });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"received":true}' : '{"error":"receiver exploded"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    received,
    url: `http://localhost:${port}/hook`,
    /** The first request after `since` (an index into `received`) that `match` accepts. */
    async next(since: number, match: (request: Received) => boolean = () => true): Promise<Received> {
      await expect.poll(() => received.slice(since).some(match), { timeout: 20_000 }).toBe(true);
      return received.slice(since).find(match)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function deleteEndpoints(request: APIRequestContext, token: string, projectId: string) {
  const listed = await request.get(`/api/webhook-endpoints?project_id=${projectId}`, { headers: bearer(token) });
  for (const endpoint of ((await listed.json()) as { data: Array<{ id: string }> }).data) {
    expect((await request.delete(`/api/webhook-endpoints/${endpoint.id}`, { headers: bearer(token) })).status()).toBe(200);
  }
}

/** Reads the secret off the secret-once dialog and closes it. */
async function takeSecret(page: Page, title: string): Promise<string> {
  const once = page.getByRole('dialog', { name: title });
  const secret = (await once.getByTestId('secret-VAULT_WEBHOOK_SECRET').textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  return secret;
}

test.describe('dashboard webhooks', () => {
  test('owner: add an endpoint, test deliveries verified by the receiver, the log and its drawer, rotate, disable, replay, resend, delete', async ({ page, request }) => {
    test.setTimeout(300_000);
    const receiver = await startReceiver();
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const projectId = base.split('/').pop()!;
    await deleteEndpoints(request, owner, projectId);
    await signIn(page);
    const url = receiver.url;

    await test.step('empty state explains webhooks and lists the events', async () => {
      await page.goto(`${base}/webhooks`);
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByText('No webhook endpoints yet')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Event types' })).toContainText('checkout.session.completed');
      await snapAndAudit(page, 'webhooks-empty');
    });

    let secret = '';
    await test.step('add an endpoint: the API refuses plain http to a public host on the form, then the secret is shown once', async () => {
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
      await dialog.getByLabel('URL').fill('http://example.com/hook');
      await dialog.getByLabel('All events').uncheck();
      await dialog.getByLabel('checkout.session.completed').check();
      await dialog.getByLabel('token.created').check();
      await dialog.getByLabel('Description').fill('E2E receiver');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(dialog.getByText('url must use https (plain http only for localhost)')).toBeVisible();
      await snapAndAudit(page, 'webhooks-create-dialog');
      await dialog.getByLabel('URL').fill(url);
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      const once = page.getByRole('dialog', { name: 'Signing secret of the new endpoint' });
      await expect(once).toContainText("import { verifyWebhook } from 'vault/webhooks'");
      await expect(once.getByRole('link', { name: /\/webhooks\.js$/ })).toHaveAttribute('href', '/webhooks.js');
      secret = await takeSecret(page, 'Signing secret of the new endpoint');
      await snapAndAudit(page, 'webhooks-secret-dialog');
      await once.getByRole('button', { name: 'I have stored it' }).click();
      await expect(once).toBeHidden();
      receiver.state.secrets = [secret];
      const row = page.getByTestId('endpoint-row').filter({ hasText: url });
      await expect(row).toContainText('checkout.session.completed');
      await expect(row).toContainText('token.created');
      await expect(row).toContainText('Enabled');
      await expect(row).toContainText('No delivery yet');
    });

    let firstEventId = '';
    await test.step('a test event arrives verified and shows in the log as succeeded, with its envelope and answer', async () => {
      const since = receiver.received.length;
      await page.getByRole('button', { name: `Send test event to ${url}` }).click();
      const first = await receiver.next(since);
      expect(first).toMatchObject({ verified: true, type: 'webhook.test', status: 200 });
      firstEventId = first.id;
      await page.reload();
      const row = page.getByTestId('endpoint-row').filter({ hasText: url });
      await expect(row).toContainText('100%');
      await expect(row).toContainText('HTTP 200');
      await snapAndAudit(page, 'webhooks');

      await page.getByRole('link', { name: `Delivery log of ${url}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: url })).toBeVisible();
      const delivery = page.getByTestId('delivery-row').filter({ hasText: firstEventId });
      await expect(delivery).toContainText('succeeded');
      await expect(delivery).toContainText('HTTP 200');
      await page.getByRole('button', { name: `View delivery of ${firstEventId}` }).click();
      const drawer = page.getByRole('dialog', { name: `Delivery of ${firstEventId}` });
      const envelope = JSON.parse(first.body.toString('utf8')) as { id: string; type: string };
      expect(envelope).toMatchObject({ id: firstEventId, type: 'webhook.test' });
      // The envelope exactly as sent (pretty-printed), the attempt's headers and the receiver's answer.
      await expect(drawer.getByTestId('delivery-envelope').locator('code')).toHaveText(JSON.stringify(envelope, null, 2));
      const attempt = drawer.getByTestId('delivery-attempt');
      await expect(attempt).toHaveCount(1);
      await expect(attempt).toContainText('HTTP 200');
      await expect(attempt).toContainText(`webhook-timestamp: ${first.headers['webhook-timestamp']}`);
      await expect(attempt).toContainText(`webhook-id: ${firstEventId}`);
      await expect(attempt).toContainText('{"received":true}');
      await snapAndAudit(page, 'webhooks-delivery-drawer');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    });
    const endpointPath = new URL(page.url()).pathname;

    let failingId = '';
    await test.step('a test answered 500 shows as a failed attempt; the status filter tells them apart', async () => {
      receiver.state.failAll = true;
      const since = receiver.received.length;
      await page.getByRole('button', { name: `Send test event to ${url}` }).click();
      const failed = await receiver.next(since);
      failingId = failed.id;
      receiver.state.failing.add(failingId);
      receiver.state.failAll = false;
      // The log refreshes by itself while a retry is due within the minute.
      const row = page.getByTestId('delivery-row').filter({ hasText: failingId });
      await expect(row).toContainText('retrying', { timeout: 15_000 });
      await expect(row).toContainText('HTTP 500');
      await page.getByRole('button', { name: `View delivery of ${failingId}` }).click();
      const drawer = page.getByRole('dialog', { name: `Delivery of ${failingId}` });
      await expect(drawer.getByTestId('delivery-attempt').first()).toContainText('HTTP 500');
      await expect(drawer.getByTestId('delivery-attempt').first()).toContainText('receiver exploded');
      await page.keyboard.press('Escape');

      await page.getByLabel('Status').selectOption('succeeded');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/status=succeeded/);
      await expect(page.getByTestId('delivery-row')).toHaveCount(1);
      await expect(page.getByTestId('delivery-row')).toContainText(firstEventId);
      await page.getByLabel('Status').selectOption('pending');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/status=pending/);
      await expect(page.getByTestId('delivery-row')).toHaveCount(1);
      await expect(page.getByTestId('delivery-row')).toContainText(failingId);
      await page.getByRole('link', { name: 'Clear' }).click();
      await expect(page.getByTestId('delivery-row')).toHaveCount(2);
      await expect(page.getByLabel('Status')).toHaveValue('');
      await snapAndAudit(page, 'webhooks-endpoint');
    });

    await test.step('rotate with an overlap: the next test carries two signatures, each verifying with its own secret', async () => {
      await page.getByRole('button', { name: `Rotate secret of ${url}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret' });
      await expect(dialog.getByLabel('24 hours')).toBeChecked();
      await dialog.getByLabel('1 hour').check();
      await dialog.getByRole('button', { name: 'Rotate secret' }).click();
      const once = page.getByRole('dialog', { name: 'New signing secret' });
      await expect(once).toContainText('also carries a signature by the previous secret');
      await expect(once).toContainText('VAULT_WEBHOOK_SECRET_PREVIOUS');
      const rotated = await takeSecret(page, 'New signing secret');
      expect(rotated).not.toBe(secret);
      await once.getByRole('button', { name: 'I have stored it' }).click();
      await expect(page.getByText(/Previous secret signs until/)).toBeVisible();
      receiver.state.secrets = [rotated, secret];

      const since = receiver.received.length;
      await page.getByRole('button', { name: `Send test event to ${url}` }).click();
      const signed = await receiver.next(since, (request) => request.id !== failingId);
      expect(signed).toMatchObject({ verified: true, type: 'webhook.test', status: 200 });
      const signatures = String(signed.headers['webhook-signature']).split(' ');
      expect(signatures).toHaveLength(2);
      await verifyWebhook(signed.body, signed.headers, rotated);
      await verifyWebhook(signed.body, signed.headers, secret);
      secret = rotated;
    });

    await test.step('disable (the waiting retry is cancelled), then enable', async () => {
      await page.getByRole('button', { name: `Disable ${url}` }).click();
      await page.getByRole('dialog', { name: 'Disable this endpoint?' }).getByRole('button', { name: 'Disable endpoint' }).click();
      await expect(page.getByRole('region', { name: 'Endpoint' })).toContainText('Disabled by a member');
      await expect(page.getByRole('button', { name: `Send test event to ${url}` })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Replay failed…' })).toBeDisabled();
      await expect(page.getByTestId('delivery-row').filter({ hasText: failingId })).toContainText('cancelled');
      await page.getByRole('button', { name: `Enable ${url}` }).click();
      await expect(page.getByRole('region', { name: 'Endpoint' })).toContainText('Enabled');
    });

    await test.step('replay failed deliveries of the last 24 hours: the cancelled one is sent again and succeeds', async () => {
      receiver.state.failing.clear();
      const since = receiver.received.length;
      await page.getByRole('button', { name: 'Replay failed…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Replay failed deliveries' });
      await expect(dialog.getByLabel('Last 24 hours')).toBeChecked();
      await dialog.getByLabel('Custom range (UTC)').check();
      await expect(dialog.getByLabel('From (UTC)')).toBeVisible();
      await snapAndAudit(page, 'webhooks-replay-dialog');
      await dialog.getByLabel('Last 24 hours').check();
      await dialog.getByRole('button', { name: 'Replay failed deliveries' }).click();
      await expect(page.getByText('1 failed delivery queued again')).toBeVisible();
      const replayed = await receiver.next(since);
      expect(replayed).toMatchObject({ id: failingId, verified: true, status: 200 });
      await expect(page.getByTestId('delivery-row').filter({ hasText: failingId }).first()).toContainText('succeeded', { timeout: 15_000 });
    });

    await test.step('resend from the drawer: the same event again, as a new delivery', async () => {
      const since = receiver.received.length;
      await page.getByRole('button', { name: `View delivery of ${firstEventId}` }).click();
      const drawer = page.getByRole('dialog', { name: `Delivery of ${firstEventId}` });
      await drawer.getByRole('button', { name: 'Resend' }).click();
      await expect(page.getByText('Resent: a new delivery is queued')).toBeVisible();
      const resent = await receiver.next(since);
      expect(resent).toMatchObject({ id: firstEventId, verified: true, type: 'webhook.test', status: 200 });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('delivery-row').filter({ hasText: firstEventId })).toHaveCount(2);
    });

    await test.step('delete by typing the URL', async () => {
      await page.getByRole('button', { name: `Delete ${url}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
      await expect(confirm.getByRole('button', { name: 'Delete endpoint' })).toBeDisabled();
      await confirm.getByLabel(`Type "${url}" to confirm`).fill(url);
      await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/webhooks$`));
      await expect(page.getByText('No webhook endpoints yet')).toBeVisible();
      expect((await page.goto(endpointPath))?.status()).toBe(404);
    });
    await receiver.close();
  });

  test('viewer: read-only, the API refuses their writes from the page; a foreign project or endpoint is a 404', async ({ page, request }) => {
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const projectId = base.split('/').pop()!;
    const created = await request.post('/api/webhook-endpoints', { headers: bearer(owner), data: { project_id: projectId, url: 'https://hooks.example.com/vault', event_types: ['audit.chain_broken'] } });
    expect(created.status(), await created.text()).toBe(201);
    const endpoint = ((await created.json()) as { data: { id: string; url: string } }).data;
    try {
      const viewer = await createMember(request, 'viewer', owner);
      await signIn(page, viewer.email, viewer.password);
      await page.goto(`${base}/webhooks`);
      await expect(page.getByTestId('read-only-notice')).toContainText('Owners and admins can add, test, edit');
      await expect(page.getByTestId('endpoint-row').filter({ hasText: endpoint.url })).toContainText('audit.chain_broken');
      await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^(Send test event to|Rotate secret of|Disable|Edit|Delete) / })).toHaveCount(0);
      await page.getByRole('link', { name: `Delivery log of ${endpoint.url}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: endpoint.url })).toBeVisible();
      await expect(page.getByTestId('read-only-notice')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Replay failed…' })).toHaveCount(0);
      const statuses = await page.evaluate(
        async ({ id, project_id }) => {
          const send = (method: string, path: string, body?: unknown) =>
            fetch(path, { method, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((response) => response.status);
          return [
            await send('POST', '/api/webhook-endpoints', { project_id, url: 'https://hooks.example.com/viewer' }),
            await send('POST', `/api/webhook-endpoints/${id}/test`, {}),
            await send('POST', `/api/webhook-endpoints/${id}/rotate-secret`, {}),
            await send('DELETE', `/api/webhook-endpoints/${id}`),
          ];
        },
        { id: endpoint.id, project_id: projectId },
      );
      expect(statuses).toEqual([403, 403, 403, 403]);
      for (const path of ['/dashboard/p/00000000-0000-4000-8000-000000000000/webhooks', '/dashboard/p/not-a-project/webhooks', `${base}/webhooks/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b`, `${base}/webhooks/not-an-id`]) {
        expect((await page.goto(path))?.status(), path).toBe(404);
      }
    } finally {
      expect((await request.delete(`/api/webhook-endpoints/${endpoint.id}`, { headers: bearer(owner) })).status()).toBe(200);
    }
  });
});
