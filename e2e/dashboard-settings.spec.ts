// Settings → Profile & security in a real browser, always as fresh members (the e2e owner's password and
// MFA stay as they are: other specs sign in with them): two-step verification enrolled by reading the
// secret off the page and computing the TOTP here, the backup codes shown once, regenerated (the old ones
// refused at sign-in), turned off with a code; the password changed with the live policy checklist; the
// member's other sessions listed and signed out, one and then everywhere else, while this one keeps working.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { apiToken, bearer, createMember, signIn, snapAndAudit, test, testProjectBase } from './dashboard-support';

const STEP_MS = 30_000;

/**
 * A TOTP code the server has not seen yet: the server accepts the current step and one either side, and
 * each step once. Prefers now, then the next step, then the previous; waits for a fresh step only when all were used.
 */
async function unusedCode(secret: string, used: Set<number>): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / STEP_MS);
    // Near the end of a step, "now" may be "previous" by the time the server checks: skip ahead.
    const candidates = Date.now() % STEP_MS > STEP_MS - 2_000 ? [now + 1] : [now, now + 1, now - 1];
    const step = candidates.find((candidate) => !used.has(candidate));
    if (step !== undefined) {
      used.add(step);
      return generate({ secret, epoch: step * (STEP_MS / 1000) });
    }
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 50));
  }
}

async function backupSignIn(request: APIRequestContext, email: string, password: string, code: string): Promise<number> {
  const login = await request.post('/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { mfa_token: mfaToken } = (await login.json()) as { mfa_token: string };
  expect(mfaToken).toBeTruthy();
  return (await request.post('/auth/mfa/verify-backup', { data: { mfa_token: mfaToken, code } })).status();
}

test.describe('dashboard settings', () => {
  test('a member enrols in two-step verification, saves the backup codes once, regenerates them, and turns it off', async ({ page, request }) => {
    test.setTimeout(120_000);
    const member = await createMember(request, 'developer');
    const base = await testProjectBase(request, await apiToken(request));
    await signIn(page, member.email, member.password);
    await page.goto(`${base}/settings`);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await snapAndAudit(page, 'settings');

    const panel = page.getByRole('region', { name: 'Two-step verification' });
    await panel.getByRole('button', { name: 'Set up two-step verification' }).click();
    await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    // Backup codes come only after the first code is accepted.
    await expect(panel.getByRole('list', { name: 'Backup codes' })).toHaveCount(0);
    await snapAndAudit(page, 'settings-mfa-enrolment');
    const secret = (await panel.getByTestId('totp-secret').textContent())!.trim();
    const used = new Set<number>();
    await panel.getByLabel('Authentication code').fill('000000' === (await generate({ secret, epoch: Math.floor(Date.now() / 1000) })) ? '111111' : '000000');
    await panel.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await expect(panel.getByRole('alert')).toContainText('Invalid MFA code');
    await panel.getByLabel('Authentication code').fill(await unusedCode(secret, used));
    await panel.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await expect(panel.getByRole('status')).toContainText('Two-step verification is on');
    const codes = panel.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const firstCodes = await codes.allTextContents();
    await expect(panel.getByRole('button', { name: 'Copy backup codes' })).toBeVisible();
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('vault-backup-codes.txt');
    await panel.getByRole('button', { name: 'I have saved my backup codes' }).click();
    // Shown once: the page now manages it, and the codes are gone from it.
    await expect(panel.getByTestId('backup-codes-remaining')).toHaveText('10 unused backup codes left.');
    await expect(page.getByText(firstCodes[0]!)).toHaveCount(0);

    // Regenerate: new codes shown once; an old one no longer signs in, a new one does.
    await panel.getByRole('button', { name: 'Regenerate backup codes' }).click();
    const regenerate = page.getByRole('dialog', { name: 'Regenerate backup codes' });
    await regenerate.getByLabel('Authentication code').fill(await unusedCode(secret, used));
    await regenerate.getByRole('button', { name: 'Regenerate' }).click();
    const newCodes = regenerate.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(newCodes).toHaveCount(10);
    const fresh = await newCodes.allTextContents();
    expect(fresh).not.toContain(firstCodes[0]);
    await regenerate.getByRole('button', { name: 'I have saved them' }).click();
    await expect(regenerate).toBeHidden();
    expect(await backupSignIn(request, member.email, member.password, firstCodes[0]!)).toBe(401);
    expect(await backupSignIn(request, member.email, member.password, fresh[0]!)).toBe(200);
    await expect(panel.getByTestId('backup-codes-remaining')).toHaveText(/unused backup codes? left/);

    // Turn it off with a code.
    await panel.getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-step verification' });
    await off.getByLabel('Authentication code').fill(await unusedCode(secret, used));
    await off.getByRole('button', { name: 'Turn off two-step verification' }).click();
    await expect(off).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Set up two-step verification' })).toBeVisible();
    const status = await request.get('/auth/mfa/status', { headers: bearer(await apiToken(request, member.email, member.password)) });
    expect(((await status.json()) as { enabled: boolean }).enabled).toBe(false);
  });

  test('a member changes the password with the policy checklist: a weak one names the failing rule, a good one signs in', async ({ page, request }) => {
    const member = await createMember(request, 'viewer');
    const base = await testProjectBase(request, await apiToken(request));
    await signIn(page, member.email, member.password);
    await page.goto(`${base}/settings`);
    const form = page.getByRole('form', { name: 'Change password' });
    const rules = form.getByRole('list', { name: 'Password rules' });
    const newPassword = form.getByLabel('New password', { exact: true });

    await newPassword.fill('short1');
    await expect(rules.locator('[data-rule="too_short"]')).toHaveAttribute('data-met', 'false');
    await expect(rules.locator('[data-rule="needs_letters_and_digits"]')).toHaveAttribute('data-met', 'true');
    await newPassword.fill('Password2030!!');
    await expect(rules.locator('[data-rule="too_short"]')).toHaveAttribute('data-met', 'true');
    await expect(rules.locator('[data-rule="too_common"]')).toHaveAttribute('data-met', 'false');

    // Sent anyway, the server names the same rule on the field.
    await form.getByLabel('Current password').fill(member.password);
    await form.getByLabel('Repeat the new password').fill('Password2030!!');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Password is too common; choose one that is harder to guess')).toBeVisible();

    // The current password, reused: only the server can tell.
    await newPassword.fill(member.password);
    await form.getByLabel('Repeat the new password').fill(member.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Password must not be one of your last 4 passwords')).toBeVisible();

    const good = 'violet tram 47 lantern';
    await newPassword.fill(good);
    await expect(rules.locator('[data-met="false"]')).toHaveCount(0);
    await form.getByLabel('Repeat the new password').fill(good);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();
    await expect(newPassword).toHaveValue('');
    expect((await request.post('/auth/login', { data: { email: member.email, password: member.password } })).status()).toBe(401);
    await apiToken(request, member.email, good);
    // This browser session survives its own password change.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });

  test('sessions: another sign-in is listed, signed out alone, then everywhere else; this one keeps working', async ({ page, request }) => {
    const member = await createMember(request, 'developer');
    const base = await testProjectBase(request, await apiToken(request));
    await signIn(page, member.email, member.password);
    const second = await apiToken(request, member.email, member.password);
    const third = await apiToken(request, member.email, member.password);
    await page.goto(`${base}/settings`);
    const panel = page.getByRole('region', { name: 'Sign-in sessions' });
    const rows = panel.getByTestId('session-row');
    await expect(rows).toHaveCount(3);
    await expect(panel.getByText('This device')).toHaveCount(1);

    // One session signed out by its own button (the newest other one is listed first).
    const others = rows.filter({ hasNotText: 'This device' });
    await others.first().getByRole('button', { name: /^Sign out / }).click();
    await expect(rows).toHaveCount(2);
    const remaining = [(await request.get('/auth/verify', { headers: bearer(second) })).status(), (await request.get('/auth/verify', { headers: bearer(third) })).status()].sort();
    expect(remaining).toEqual([200, 401]);

    await panel.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere else?' }).getByRole('button', { name: 'Sign out other sessions' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('This device');
    expect((await request.get('/auth/verify', { headers: bearer(second) })).status()).toBe(401);
    expect((await request.get('/auth/verify', { headers: bearer(third) })).status()).toBe(401);
    await expect(panel.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    const foreign = await page.goto(`/dashboard/p/${randomUUID()}/settings`);
    expect(foreign?.status()).toBe(404);
  });
  test('a production project without allowed_proxy_hosts is shown as a warning with the fix; a list clears it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const owner = await apiToken(request);
    const created = await request.post('/api/projects', { headers: bearer(owner), data: { name: `Live shop ${Date.now().toString(36)}`, production: true } });
    expect(created.status()).toBe(201);
    const projectId = ((await created.json()) as { data: { id: string } }).data.id;
    await signIn(page);
    await page.goto(`/dashboard/p/${projectId}/settings`);
    const warning = page.getByTestId('destinations-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAttribute('role', 'status');
    await expect(warning).toContainText("Card data cannot leave this project until allowed_proxy_hosts lists a host: the proxy, merchants' http processors and checkout payments are refused.");
    await expect(warning.getByRole('link', { name: 'Projects → Destinations' })).toHaveAttribute('href', `/dashboard/p/${projectId}/projects`);
    await snapAndAudit(page, 'settings-destinations-warning');

    // A test project (no list: any public host) shows no warning.
    await page.goto(`${await testProjectBase(request, owner)}/settings`);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByTestId('destinations-warning')).toHaveCount(0);

    // Once the production project names its PSP, the warning is gone.
    expect((await request.put(`/api/projects/${projectId}`, { headers: bearer(owner), data: { allowed_proxy_hosts: ['api.psp.example'] } })).status()).toBe(200);
    await page.goto(`/dashboard/p/${projectId}/settings`);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByTestId('destinations-warning')).toHaveCount(0);
    expect((await request.delete(`/api/projects/${projectId}`, { headers: bearer(owner) })).status()).toBe(200);
  });
});
