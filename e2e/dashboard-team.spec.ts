// The Team page in a real browser: the owner invites a developer (pending, resent, accepted from the mailed
// link → active), changes their role, removes them, revokes another invitation; the last-owner rule is shown
// where it disables the owner's controls; the account's "require two-step verification" switch makes a round
// trip (by a second owner with MFA: the e2e owner has none and other specs need it off); a viewer sees the
// page read-only and the API refuses their invitation; another account's project is a 404.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { acceptInvitation, apiToken, bearer, createMember, closeToasts, invitationToken, signIn, signInWithMfa, snapAndAudit, test, testProjectBase } from './dashboard-support';

const memberRow = (page: Page, email: string) => page.getByTestId('member-row').filter({ hasText: email });

async function members(request: APIRequestContext, token: string): Promise<Array<{ id: string; email: string; role: string; status: string }>> {
  const response = await request.get('/api/members', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Array<{ id: string; email: string; role: string; status: string }> }).data;
}

test.describe('dashboard team', () => {
  test('the owner invites, resends, sees the member accept, changes the role, removes them, revokes an invitation; the last owner is kept', async ({ page, request }) => {
    test.setTimeout(120_000);
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    await signIn(page);
    await page.goto(`${base}/team`);
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();

    // The last owner: role and removal disabled, and the rule said next to them.
    const ownerRow = memberRow(page, 'owner@e2e.test');
    await expect(ownerRow.getByTestId('member-rule')).toHaveText(/The account must keep an owner/);
    await expect(ownerRow.getByRole('combobox', { name: 'Role of owner@e2e.test' })).toBeDisabled();
    await expect(ownerRow.getByRole('button', { name: 'Remove owner@e2e.test' })).toBeDisabled();
    await expect(ownerRow.getByRole('button', { name: 'Remove owner@e2e.test' })).toHaveAccessibleDescription(/The account must keep an owner/);

    // Invite a developer.
    const email = `team-dev-${Date.now()}@e2e.test`;
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByLabel('Email').fill('not an email');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('email must be an email address')).toBeVisible();
    await snapAndAudit(page, 'team-invite-dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').selectOption('developer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    const row = memberRow(page, email);
    await expect(row.getByText('Invited')).toBeVisible();
    await expect(row.getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('developer');
    await closeToasts(page);
    await snapAndAudit(page, 'team');

    // Resend: a new link, the first one void.
    const firstToken = await invitationToken(email);
    await row.getByRole('button', { name: `Resend invitation to ${email}` }).click();
    await expect(page.getByText(`Invitation sent again to ${email}`)).toBeVisible();
    await expect.poll(() => invitationToken(email)).not.toBe(firstToken);
    expect((await request.post('/auth/reset-password', { data: { token: firstToken, new_password: 'first link passw0rd 2030' } })).status()).toBe(400);

    // The member accepts from the newest mail: active.
    await acceptInvitation(request, email);
    await page.reload();
    await expect(row.getByText('Active')).toBeVisible();

    // Change the role to viewer.
    await row.getByRole('combobox', { name: `Role of ${email}` }).selectOption('viewer');
    await expect(page.getByText(`${email} is now viewer`)).toBeVisible();
    expect((await members(request, owner)).find((member) => member.email === email)?.role).toBe('viewer');

    // Remove, confirmed.
    await row.getByRole('button', { name: `Remove ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${email}?` });
    await confirm.getByRole('button', { name: 'Remove member' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    expect((await members(request, owner)).some((member) => member.email === email)).toBe(false);

    // Revoke a pending invitation: its link stops working.
    const invitee = `team-revoke-${Date.now()}@e2e.test`;
    expect((await request.post('/api/members', { headers: bearer(owner), data: { email: invitee, role: 'viewer' } })).status()).toBe(201);
    const token = await invitationToken(invitee);
    await page.reload();
    await memberRow(page, invitee).getByRole('button', { name: `Revoke ${invitee}` }).click();
    await page.getByRole('dialog', { name: `Revoke the invitation of ${invitee}?` }).getByRole('button', { name: 'Revoke invitation' }).click();
    await expect(memberRow(page, invitee)).toHaveCount(0);
    expect((await request.post('/auth/reset-password', { data: { token, new_password: 'revoked link passw0rd 2030' } })).status()).toBe(400);
  });

  test('require two-step verification: the owner without MFA is told to enrol first; an owner with MFA turns it on and off', async ({ page, request }) => {
    test.setTimeout(60_000);
    const owner = await apiToken(request);
    const base = await testProjectBase(request, owner);
    await signIn(page);
    await page.goto(`${base}/team`);
    const toggle = page.getByRole('switch', { name: 'Require two-step verification for all members' });
    await expect(toggle).toBeDisabled();
    await expect(page.getByTestId('require-mfa-reason')).toContainText('Turn on two-step verification for yourself first');

    // A second owner with MFA on (the e2e owner's own MFA and password are never changed).
    const second = await createMember(request, 'owner', owner);
    const secondToken = await apiToken(request, second.email, second.password);
    const setup = (await (await request.post('/user/settings/mfa', { headers: bearer(secondToken), data: { enable: true } })).json()) as { totp_uri: string };
    const secret = new URL(setup.totp_uri).searchParams.get('secret')!;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await request.post('/user/settings/mfa', { headers: bearer(secondToken), data: { enable: true, code } })).status()).toBe(200);
    await page.context().clearCookies();
    const account = async () => ((await (await request.get('/api/account', { headers: bearer(secondToken) })).json()) as { data: { require_mfa: boolean } }).data.require_mfa;
    try {
      await signInWithMfa(page, second.email, second.password, secret);
      await page.goto(`${base}/team`);
      await expect(toggle).toBeEnabled();
      await expect(toggle).not.toBeChecked();
      await toggle.check();
      await expect(page.getByText('Two-step verification is now required for every member')).toBeVisible();
      await expect.poll(account).toBe(true);
      await page.reload();
      await expect(toggle).toBeChecked();
      await toggle.uncheck();
      await expect(page.getByText('Two-step verification is no longer required')).toBeVisible();
      await expect.poll(account).toBe(false);
    } finally {
      // Other specs run on this server with the requirement off, and with one owner.
      await request.put('/api/account', { headers: bearer(secondToken), data: { require_mfa: false } });
      await request.delete(`/api/members/${second.id}`, { headers: bearer(owner) });
    }
  });

  test('a viewer sees the team read-only and the API refuses their invitation; a foreign project is a 404', async ({ page, request }) => {
    const viewer = await createMember(request, 'viewer');
    const base = await testProjectBase(request, await apiToken(request));
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${base}/team`);
    await expect(page.getByTestId('read-only-notice')).toContainText('Owners and admins can invite members');
    await expect(memberRow(page, viewer.email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Remove|Revoke|Resend)/ })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Require two-step verification for all members' })).toBeDisabled();
    await expect(page.getByTestId('require-mfa-reason')).toHaveText('Only an owner can change this.');
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/members', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ email: `viewer-invite-${Date.now()}@e2e.test`, role: 'viewer' }) });
      return response.status;
    });
    expect(status).toBe(403);

    const foreign = await page.goto(`/dashboard/p/${randomUUID()}/team`);
    expect(foreign?.status()).toBe(404);
  });
});
