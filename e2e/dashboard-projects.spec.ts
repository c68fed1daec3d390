// The Projects page in a real browser: an owner creates a production project (its pub key shown once),
// renames it, rotates its pub key (shown once), sets its destination allow-list (the API's message for a
// bad entry next to the list) and deletes it by typing its name; the account's last test project cannot
// be deleted; a viewer sees the list read-only and the API refuses their write from the page.
import { expect } from '@playwright/test';
import { apiToken, bearer, createMember, projects, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

test.describe('dashboard projects', () => {
  test('owner: create a production project (pub key once), rename, rotate the pub key, allow-list, delete by name', async ({ page, request }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const token = await apiToken(request);
    const base = await testProjectBase(request, token);
    await signIn(page);
    // The switcher's "Manage projects…" leads here.
    await page.goto(base);
    await page.getByTestId('project-switcher').first().click();
    await page.getByRole('menuitem', { name: 'Manage projects…' }).click();
    await expect(page).toHaveURL(`${base}/projects`);
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();

    // The last test project: its Delete is disabled with the reason (and the API refuses it anyway).
    const testProjects = (await projects(request, token)).filter((project) => !project.production);
    if (testProjects.length === 1) {
      const only = testProjects[0]!;
      await expect(page.getByRole('button', { name: `Delete ${only.name}` })).toBeDisabled();
      await expect(page.locator('#last-test-project-note')).toContainText('cannot be deleted: the account must keep at least one test project');
      const refused = await request.delete(`/api/projects/${only.id}`, { headers: bearer(token) });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('The account must keep at least one test project');
    } else {
      test.info().annotations.push({ type: 'note', description: `${testProjects.length} test projects exist: the last-test-project check needs exactly one` });
    }
    await snapAndAudit(page, 'projects');

    // Create a production project: its pub key is shown once.
    const name = `Prod ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New project' }).click();
    const create = page.getByRole('dialog', { name: 'New project' });
    await create.getByRole('button', { name: 'Create project' }).click();
    await expect(create.getByRole('alert')).toHaveText('name is required');
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Production').check();
    await snapAndAudit(page, 'projects-create-dialog');
    await create.getByRole('button', { name: 'Create project' }).click();
    const once = page.getByRole('dialog', { name: `Pub key of ${name}` });
    await expect(once).toContainText('X-Pub-Key');
    const pubKey = (await once.getByTestId('secret-VAULT_PUB_KEY').textContent())!.trim();
    expect(pubKey).toMatch(/^pk_live_/);
    await snapAndAudit(page, 'projects-pub-key-once');
    await once.getByRole('button', { name: 'I have stored it' }).click();
    const row = page.getByTestId('project-row').filter({ hasText: name });
    await expect(row).toContainText('Production');

    // Rename.
    const renamed = `${name} EU`;
    await row.getByRole('button', { name: `Rename ${name}` }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${name}` });
    await rename.getByLabel('Name').fill(renamed);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename).toBeHidden();
    const renamedRow = page.getByTestId('project-row').filter({ hasText: renamed });
    await expect(renamedRow).toBeVisible();

    // Rotate the pub key: confirmed, then the new one shown once.
    await renamedRow.getByRole('button', { name: `Rotate pub key of ${renamed}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate pub key' }).click();
    const rotated = page.getByRole('dialog', { name: `New pub key of ${renamed}` });
    const newPubKey = (await rotated.getByTestId('secret-VAULT_PUB_KEY').textContent())!.trim();
    expect(newPubKey).toMatch(/^pk_live_/);
    expect(newPubKey).not.toBe(pubKey);
    await rotated.getByRole('button', { name: 'I have stored it' }).click();

    // The destination allow-list: a bad entry is refused with the API's message naming its line.
    await renamedRow.getByRole('button', { name: `Destinations of ${renamed}` }).click();
    const allow = page.getByRole('dialog', { name: `Destinations of ${renamed}` });
    await allow.getByLabel('Only the hosts listed').check();
    await allow.getByLabel('Hosts, one a line').fill('api.psp.example\nnot a host!');
    await allow.getByRole('button', { name: 'Save' }).click();
    await expect(allow.getByRole('alert')).toContainText('Line 2: must be a host name');
    await allow.getByLabel('Hosts, one a line').fill('API.psp.example\n*.psp.example');
    await allow.getByRole('button', { name: 'Save' }).click();
    await expect(allow).toBeHidden();
    await expect(renamedRow).toContainText('api.psp.example, *.psp.example');
    const id = (await projects(request, token)).find((project) => project.name === renamed)!.id;
    const stored = (await (await request.get(`/api/projects/${id}`, { headers: bearer(token) })).json()) as { data: { allowed_proxy_hosts: string[] | null } };
    expect(stored.data.allowed_proxy_hosts).toEqual(['api.psp.example', '*.psp.example']);

    // Delete by typing the name.
    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${renamed}?` });
    await confirm.getByLabel(`Type "${renamed}" to confirm`).fill(renamed);
    await confirm.getByRole('button', { name: 'Delete project' }).click();
    await expect(renamedRow).toHaveCount(0);
    expect((await request.get(`/api/projects/${id}`, { headers: bearer(token) })).status()).toBe(404);
    expect(errors).toEqual([]);
  });

  test('viewer: read-only with the reason, the API refuses a write from the page', async ({ page, request }) => {
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    const viewer = await createMember(request, 'viewer', owner);
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${base}/projects`);
    await expect(page.getByTestId('read-only-notice')).toContainText('Owners and admins can create, rename and delete projects');
    await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(New project|Rename |Delete |Destinations of )/ })).toHaveCount(0);
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/projects', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ name: 'Viewer project' }) });
      return response.status;
    });
    expect(status).toBe(403);
  });
});
