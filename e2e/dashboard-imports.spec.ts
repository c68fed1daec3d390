// The Imports page in a real browser (issue 26). A second owner with MFA on (the e2e owner's own MFA and
// password are never changed; without MFA the owner sees why they cannot make keys) creates an import key
// (its public key and fingerprint shown with copy buttons), a card file is encrypted here with OpenPGP.js to
// the key read off the page, uploaded with the form, and imported by the background job: the progress and
// the counts show, and the report and the mapping download without card data. The key is revoked after
// confirming. A viewer reads only. (Cancel is covered by tests/integration/imports-api.test.ts.)
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import * as openpgp from 'openpgp';
import { generate } from 'otplib';
import { apiToken, bearer, closeToasts, createMember, removeMembers, signIn, signInWithMfa, snapAndAudit, test, testProjectBase } from './dashboard-support';

const CSV = [
  'card_number,exp_month,exp_year,cardholder_name,external_id',
  '4242424242424242,12,2031,Ada Lovelace,e2e-1',
  '5555555555554444,01,2032,Alan Turing,e2e-2',
  '4242424242424241,12,2031,Bad Luhn,e2e-3',
  '4000056655665556,06,2033,Grace Hopper,e2e-4',
].join('\n');

async function encryptedFile(publicKeyArmored: string, text: string, name: string): Promise<string> {
  const message = await openpgp.encrypt({ message: await openpgp.createMessage({ text }), encryptionKeys: await openpgp.readKey({ armoredKey: publicKeyArmored }), format: 'binary' });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vault-e2e-import-')), name);
  writeFileSync(file, message as Uint8Array);
  return file;
}

test.describe('dashboard imports', () => {
  test('an MFA owner creates an import key, a file encrypted to it is uploaded and imported, the report and mapping download; revoke', async ({ page, request }) => {
    test.setTimeout(180_000);
    const ownerToken = await apiToken(request);
    const base = await testProjectBase(request, ownerToken);

    // The e2e owner has no MFA: the page says why the key buttons are off.
    await signIn(page);
    await page.goto(`${base}/imports`);
    await expect(page.getByRole('heading', { name: 'Imports', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Imports' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Create import key', exact: true })).toBeDisabled();
    await expect(page.getByText('Import keys need a session verified with MFA').first()).toBeVisible();

    // A second owner with MFA on.
    const second = await createMember(request, 'owner', ownerToken);
    const secondToken = await apiToken(request, second.email, second.password);
    const setup = (await (await request.post('/user/settings/mfa', { headers: bearer(secondToken), data: { enable: true } })).json()) as { totp_uri: string };
    const secret = new URL(setup.totp_uri).searchParams.get('secret')!;
    expect((await request.post('/user/settings/mfa', { headers: bearer(secondToken), data: { enable: true, code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) } })).status()).toBe(200);
    await page.context().clearCookies();
    await signInWithMfa(page, second.email, second.password, secret);
    await page.goto(`${base}/imports`);
    await expect(page.getByRole('button', { name: 'Upload and import' })).toBeDisabled();
    await snapAndAudit(page, 'imports-empty');

    // Create a key: its fingerprint and public key, each with a copy button.
    await page.getByRole('button', { name: 'Create import key', exact: true }).click();
    const created = page.getByRole('dialog', { name: 'Import key created' });
    await expect(created).toBeVisible();
    await expect(created.getByRole('button', { name: 'Copy public key' })).toBeVisible();
    await expect(created.getByRole('button', { name: 'Copy fingerprint' })).toBeVisible();
    const publicKey = (await created.getByTestId('import-key-public-key').textContent())!.trim();
    const fingerprint = (await created.getByTestId('import-key-fingerprint').textContent())!.replace(/\s/g, '').toLowerCase();
    expect((await openpgp.readKey({ armoredKey: publicKey })).getFingerprint()).toBe(fingerprint);
    await snapAndAudit(page, 'imports-key-created');
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('import-key-row')).toHaveCount(1);

    // Upload a file encrypted to it; the background job imports it.
    const file = await encryptedFile(publicKey, CSV, 'cards.csv.pgp');
    await page.getByLabel('Encrypted file').setInputFiles(file);
    await page.getByLabel('Format').selectOption('csv');
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'cards.csv.pgp uploaded: the import is queued' })).toBeVisible();
    const row = page.getByTestId('import-row').first();
    await expect(row).toContainText('completed', { timeout: 30_000 });
    await expect(row).toContainText('3 imported, 0 skipped, 1 failed');
    await expect(row.getByRole('progressbar')).toHaveAttribute('value', '4');
    await closeToasts(page);
    await snapAndAudit(page, 'imports-completed');

    const report = page.waitForEvent('download');
    await row.getByRole('link', { name: /^Report of import/ }).click();
    const reportText = readFileSync(await (await report).path(), 'utf8');
    expect(reportText.trim().split('\n')).toEqual(['row,external_id,code,field', expect.stringMatching(/^3,e2e-3,[a-z_]+,card_number$/)]);
    const mapping = page.waitForEvent('download');
    await row.getByRole('link', { name: /^Mapping of import/ }).click();
    const mappingText = readFileSync(await (await mapping).path(), 'utf8');
    expect(mappingText.split('\n')[0]).toBe('external_id,token,brand,last4,exp_month,exp_year,fingerprint');
    expect(mappingText).toContain(',4242,12,2031,');
    expect(mappingText).not.toMatch(/4242424242424242|5555555555554444|4000056655665556/);

    // Revoke the key after confirming.
    await page.getByRole('button', { name: `Revoke key ${fingerprint.slice(-16)}` }).click();
    await page.getByRole('dialog', { name: 'Revoke this import key?' }).getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByTestId('import-key-row').first()).toContainText('Revoked');

    // A viewer reads the imports only.
    const viewer = await createMember(request, 'viewer', ownerToken);
    await page.context().clearCookies();
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${base}/imports`);
    await expect(page.getByText('Owners and admins can upload files and cancel imports')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload and import' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create import key', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('import-row').first()).toBeVisible();
    await snapAndAudit(page, 'imports-viewer');
    await removeMembers(request, ownerToken, [second.id, viewer.id]);
  });
});
