// The Exports page in a real browser (issue 26). The e2e owner has no MFA: the page says why they cannot
// request. Two more owners turn MFA on: the first requests an export (the recipient's public key pasted in,
// every card, CSV) and cannot approve it; the second approves it after confirming and downloads the file,
// which the test decrypts with the recipient's private key (the card made for it is in it, no CVC); the
// row then reads Downloaded with its count. A viewer sees a read-only notice.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import * as openpgp from 'openpgp';
import { generate } from 'otplib';
import { apiToken, bearer, closeToasts, createMember, removeMembers, signIn, signInWithMfa, snapAndAudit, test, testProjectBase } from './dashboard-support';

/** A new owner with MFA turned on, and the TOTP secret to sign in with. */
async function mfaOwner(request: APIRequestContext, ownerToken: string) {
  const owner = await createMember(request, 'owner', ownerToken);
  const token = await apiToken(request, owner.email, owner.password);
  const setup = (await (await request.post('/user/settings/mfa', { headers: bearer(token), data: { enable: true } })).json()) as { totp_uri: string };
  const secret = new URL(setup.totp_uri).searchParams.get('secret')!;
  expect((await request.post('/user/settings/mfa', { headers: bearer(token), data: { enable: true, code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) } })).status()).toBe(200);
  return { ...owner, secret };
}

async function signInAs(page: Page, owner: { email: string; password: string; secret: string }) {
  await page.context().clearCookies();
  await signInWithMfa(page, owner.email, owner.password, owner.secret);
}

test.describe('dashboard exports', () => {
  test('one owner requests, another approves and downloads the file only the recipient key opens', async ({ page, request }) => {
    test.setTimeout(180_000);
    const ownerToken = await apiToken(request);
    const base = await testProjectBase(request, ownerToken);
    const projectId = base.split('/').at(-1)!;
    const cardNumber = '4000002500003155';
    const card = await request.post(`/test-tokens?project_id=${projectId}`, { headers: bearer(ownerToken), data: { cardNumber, expirationMonth: '11', expirationYear: '2032', cvc: '737' } });
    expect(card.status(), await card.text()).toBe(201);
    const token = ((await card.json()) as { token: string }).token;
    const { privateKey: recipient, publicKey: recipientPublic } = await openpgp.generateKey({ type: 'ecc', curve: 'curve25519Legacy', userIDs: [{ name: 'New PSP' }], format: 'object' });

    // Without MFA, the owner sees why the request button is off.
    await signIn(page);
    await page.goto(`${base}/exports`);
    await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Exports' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Request export' })).toBeDisabled();
    await expect(page.getByText('Exports need a session verified with MFA').first()).toBeVisible();

    const requester = await mfaOwner(request, ownerToken);
    const approver = await mfaOwner(request, ownerToken);

    // The first owner requests an export; a weak key is refused with the reason, on its field.
    await signInAs(page, requester);
    await page.goto(`${base}/exports`);
    await snapAndAudit(page, 'exports-empty');
    await page.getByRole('button', { name: 'Request export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request an export' });
    await dialog.getByLabel("Recipient's public key").fill(recipientPublic.armor());
    await dialog.getByLabel('Every active card of the project').check();
    await dialog.getByLabel('Format').selectOption('csv');
    await snapAndAudit(page, 'exports-request-dialog');
    const weak = await openpgp.generateKey({ type: 'ecc', curve: 'nistP256', userIDs: [{ name: 'Weak' }] });
    await dialog.getByLabel("Recipient's public key").fill(weak.publicKey);
    await dialog.getByRole('button', { name: 'Request export' }).click();
    await expect(dialog.getByText('recipient_public_key uses nistP256: only RSA (3072 bits or more) and Curve25519 keys are accepted')).toBeVisible();
    await dialog.getByLabel("Recipient's public key").fill(recipientPublic.armor());
    await dialog.getByRole('button', { name: 'Request export' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Export requested: another owner must approve it' })).toBeVisible();
    const row = page.getByTestId('export-row').first();
    await expect(row).toContainText('Pending approval');
    await expect(row).toContainText('Waiting for another owner');
    await expect(row.getByRole('button', { name: /^Approve export/ })).toHaveCount(0);
    await expect(row).toContainText(recipient.getFingerprint().slice(-16).toUpperCase());
    await closeToasts(page);
    await snapAndAudit(page, 'exports-pending');

    // The second owner approves (after confirming) and downloads.
    await signInAs(page, approver);
    await page.goto(`${base}/exports`);
    const pending = page.getByTestId('export-row').first();
    await pending.getByRole('button', { name: /^Approve export/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve this export?' });
    await expect(confirm).toContainText(recipient.getFingerprint());
    await confirm.getByRole('button', { name: 'Approve export' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Export approved: either owner may download it once' })).toBeVisible();
    await expect(pending).toContainText('Approved');
    await closeToasts(page);
    await snapAndAudit(page, 'exports-approved');
    const downloadStarted = page.waitForEvent('download');
    await pending.getByRole('link', { name: /^Download export/ }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toMatch(/^export-[0-9a-f-]{36}\.csv\.pgp$/);
    const file = readFileSync((await download.path())!);
    const { data } = await openpgp.decrypt({ message: await openpgp.readMessage({ binaryMessage: file }), decryptionKeys: recipient, format: 'binary' });
    const text = new TextDecoder().decode(data as Uint8Array);
    expect(text.split('\r\n')[0]).toMatch(/^token,card_number,exp_month,exp_year,cardholder_name,external_id,(metadata\.[^,]+,)*fingerprint$/);
    expect(text).toContain(`${token},${cardNumber},11,2032,`);
    expect(text).not.toContain('737');
    const rows = text.trimEnd().split('\r\n').length - 1;
    await expect(pending).toContainText('Downloaded', { timeout: 15_000 });
    await expect(pending).toContainText(`${rows.toLocaleString('en')} ${rows === 1 ? 'row' : 'rows'} written`);
    await snapAndAudit(page, 'exports-downloaded');

    // A viewer reads only.
    const viewer = await createMember(request, 'viewer', ownerToken);
    await page.context().clearCookies();
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${base}/exports`);
    await expect(page.getByText('Owners request, approve and download exports; admins see them.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request export' })).toHaveCount(0);
    await snapAndAudit(page, 'exports-viewer');
    await removeMembers(request, ownerToken, [requester.id, approver.id]);
  });
});
