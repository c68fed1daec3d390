// Shared by the export tests (issue 26): recipient key pairs, owners signed in with MFA on, a project with
// cards of every kind an export must skip, and the downloaded file decrypted as the recipient would.
import * as openpgp from 'openpgp';
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { loginAs } from './accounts';
import { cardRequest } from './fixtures';
import type { TestVault } from './test-vault';
import { hashPassword } from '../../lib/auth/passwords';
import { TEST_PASSWORD } from './users';

export type Recipient = { publicKey: string; privateKey: openpgp.PrivateKey; fingerprint: string };

export async function recipientKey(options: { type: 'ecc'; curve: 'curve25519Legacy' | 'nistP256' } | { type: 'rsa'; rsaBits: number }): Promise<Recipient> {
  const { privateKey, publicKey } = await openpgp.generateKey({ ...options, userIDs: [{ name: 'Recipient PSP' }], format: 'object' });
  return { publicKey: publicKey.armor(), privateKey, fingerprint: privateKey.getFingerprint() };
}

/** Another owner of the account, signed in (before MFA is on: the tests' sign-in has no TOTP step). */
export async function addOwner(vault: TestVault, accountId: string, prefix: string): Promise<{ id: string; jwt: string }> {
  const email = `${prefix}-owner2-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const user = await vault.runtime.db.prisma.user.create({
    data: { accountId, email, passwordHash: await hashPassword(TEST_PASSWORD), role: 'owner', name: 'second owner' },
    select: { id: true },
  });
  return { id: user.id, jwt: await loginAs(vault, email) };
}

/** MFA on for these users (their live sessions read it at each request, as after a sign-in with TOTP). */
export async function turnOnMfa(vault: TestVault, userIds: string[]): Promise<void> {
  await vault.runtime.db.prisma.user.updateMany({ where: { id: { in: userIds } }, data: { mfaEnabled: true } });
}

export type SeededCards = { active: { token: string; metadata: Record<string, string> }[]; deleted: string; expired: string; bank: string };

/** Active cards (with and without metadata, a name or not), and a deleted, an expired and a bank token. */
export async function seedCards(vault: TestVault, key: string, count = 5): Promise<SeededCards> {
  const active: SeededCards['active'] = [];
  for (let index = 0; index < count; index++) {
    const metadata: Record<string, string> = index % 2 === 0 ? { customer_id: `cus_${index}`, note: `has, a "comma"` } : index === 1 ? { plan: 'gold' } : {};
    const data = index === 0 ? { firstName: 'Jane', lastName: 'Doe' } : {};
    const created = await vault.call('POST', '/tokenize', { key, json: { ...cardRequest({ cardNumber: ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117', '4000056655665556'][index % 5], ...data }), metadata } });
    expect(created.status, created.text).toBe(201);
    active.push({ token: created.json.token, metadata });
  }
  const deleted = (await vault.call('POST', '/tokenize', { key, json: cardRequest({ cardNumber: '4111111111111111' }) })).json.token;
  expect((await vault.call('DELETE', `/api/tokens/${deleted}`, { key })).status).toBe(200);
  const expired = (await vault.call('POST', '/tokenize', { key, json: { ...cardRequest({ cardNumber: '4012888888881881' }), ttl_seconds: 3600 } })).json.token;
  await vault.runtime.db.sql.query(`UPDATE tokens SET expires_at = now() - interval '1 minute' WHERE token = $1`, [expired]);
  const bank = await vault.call('POST', '/tokenize', { key, json: { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000' } } });
  expect(bank.status, bank.text).toBe(201);
  return { active, deleted, expired, bank: bank.json.token };
}

/** A raw download (binary body), as a browser or curl gets it. */
export async function download(vault: TestVault, jwt: string, id: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${vault.url}/api/exports/${id}/download`, { headers: { authorization: `Bearer ${jwt}`, ...headers } });
  const body = new Uint8Array(await response.arrayBuffer());
  let json: any;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, body, json };
}

/** Decrypts the file with the recipient's private key: the clear text and the key ids it was encrypted to. */
export async function decryptExport(file: Uint8Array, recipient: Recipient): Promise<{ text: string; keyIds: string[]; filename: string }> {
  const message = await openpgp.readMessage({ binaryMessage: file });
  const keyIds = message.getEncryptionKeyIDs().map((id) => id.toHex());
  const { data, filename } = (await openpgp.decrypt({ message, decryptionKeys: recipient.privateKey, format: 'binary' })) as unknown as { data: Uint8Array; filename: string };
  return { text: new TextDecoder().decode(data), keyIds, filename };
}

export const parseCsv = (text: string): Record<string, string>[] => parse(text, { columns: true, skip_empty_lines: true });

/** What detokenize reveals of each token: the file's rows must be exactly these. */
export async function detokenized(vault: TestVault, key: string, tokens: string[]) {
  const rows = new Map<string, { card_number: string; exp_month: string; exp_year: string; cardholder_name: string | null }>();
  for (const token of tokens) {
    const response = await vault.call('POST', '/detokenize', { key, json: { token } });
    expect(response.status, response.text).toBe(200);
    const data = response.json.data;
    // An imported card keeps the file's `cardholderName`; one tokenized here its first and last names.
    const name = data.cardholderName ?? [data.firstName, data.lastName].filter(Boolean).join(' ');
    rows.set(token, { card_number: data.cardNumber, exp_month: data.expirationMonth, exp_year: data.expirationYear, cardholder_name: name || null });
  }
  return rows;
}
