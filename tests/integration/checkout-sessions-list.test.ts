// GET /api/checkout-sessions: one merchant's sessions for the dashboard. Happy: newest first with their
// attempts (brand and last 4 only; the card number never appears), cursor pages, the status filter, lazy
// expiry presented without a write, any role. Errors: each bad query parameter a 400 naming it; an unknown
// merchant 404. Security: no session 401, another account's merchant 404 both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stranger } from '../helpers/accounts';
import { CARD, customer, makeMerchant, openSession, type TestMerchant } from '../helpers/checkout';
import { expectError, expectFieldError, expectUnauthorized, managementCall, ROLES, startManagementVault } from '../helpers/management';
import type { TestVault } from '../helpers/test-vault';
import type { Role, TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let stranger: Stranger;
let jwts: Record<Role, string>;
const UNKNOWN_ID = '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11';

const list = (who: Role, query: string) => managementCall(vault, jwts[who], 'GET', `/api/checkout-sessions?${query}`);
const b64 = (text: string) => Buffer.from(text).toString('base64url');

beforeAll(async () => {
  ({ vault, users, jwts, stranger } = await startManagementVault('checkout-list'));
});
afterAll(() => vault?.close());

describe('checkout sessions list — happy', () => {
  let merchant: TestMerchant;
  const ids: Record<'paid' | 'declinedThenOpen' | 'cancelled' | 'lapsed' | 'plain', string> = {} as never;

  beforeAll(async () => {
    merchant = await makeMerchant(vault, { name: 'List Shop' });
    ids.paid = await openSession(vault, merchant, { amount: '12.5', currency: 'EUR' });
    ids.declinedThenOpen = await openSession(vault, merchant, { amount: '1000', currency: 'JPY', embedMode: 'popup', parentOrigin: 'https://shop.example' });
    ids.cancelled = await openSession(vault, merchant);
    ids.lapsed = await openSession(vault, merchant);
    ids.plain = await openSession(vault, merchant);
    expect((await customer(vault, ids.paid, 'pay', { json: { ...CARD, cardNumber: '4000000000000002' } })).status).toBe(402);
    expect((await customer(vault, ids.paid, 'pay')).status).toBe(200);
    expect((await customer(vault, ids.declinedThenOpen, 'pay', { json: { ...CARD, cardNumber: '4000000000009995' } })).status).toBe(402);
    expect((await customer(vault, ids.cancelled, 'cancel')).status).toBe(200);
    await vault.runtime.db.prisma.checkoutSession.update({ where: { id: ids.lapsed }, data: { expiresAt: new Date(Date.now() - 1000) } });
  });

  it('lists the merchant\'s sessions newest first with their attempts; a lapsed open session is shown expired and not rewritten', async () => {
    const response = await list('viewer', `merchant_id=${merchant.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.json.next_cursor).toBeNull();
    expect(response.json.data.map((item: { id: string }) => item.id)).toEqual([ids.plain, ids.lapsed, ids.cancelled, ids.declinedThenOpen, ids.paid]);
    const byId = Object.fromEntries(response.json.data.map((item: { id: string }) => [item.id, item]));
    const stored = await vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: ids.paid } });
    expect(byId[ids.paid]).toEqual({
      id: ids.paid,
      merchant_id: merchant.id,
      status: 'completed',
      mode: 'payment',
      amount: '12.50',
      currency: 'EUR',
      embed_mode: 'redirect',
      attempts: 2,
      created_at: stored.createdAt.toISOString(),
      expires_at: stored.expiresAt.toISOString(),
      completed_at: stored.completedAt!.toISOString(),
      transaction_id: stored.transactionId,
      attempt_details: [
        { created_at: expect.any(String), outcome: 'declined', code: 'card_declined', decline_message: 'Your card was declined', transaction_id: null, brand: 'visa', last4: '0002' },
        { created_at: expect.any(String), outcome: 'approved', code: null, decline_message: null, transaction_id: stored.transactionId, brand: 'visa', last4: '4242' },
      ],
    });
    expect(stored.transactionId).toEqual(expect.any(String));
    expect(byId[ids.declinedThenOpen]).toMatchObject({
      status: 'open',
      amount: '1000',
      currency: 'JPY',
      embed_mode: 'popup',
      attempts: 1,
      completed_at: null,
      transaction_id: null,
      attempt_details: [{ outcome: 'declined', code: 'insufficient_funds', decline_message: 'Insufficient funds', transaction_id: null, brand: 'visa', last4: '9995' }],
    });
    expect(byId[ids.cancelled]).toMatchObject({ status: 'cancelled', attempts: 0, attempt_details: [] });
    expect(byId[ids.lapsed]).toMatchObject({ status: 'expired', attempt_details: [] });
    // Presented, not stored: the GET wrote nothing.
    expect((await vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: ids.lapsed } })).status).toBe('open');
    // Card numbers never appear.
    for (const pan of ['4242424242424242', '4000000000000002', '4000000000009995']) expect(response.text).not.toContain(pan);
    // As field names: random ids (base62) can contain "cvc" by chance.
    expect(response.text).not.toMatch(/"(cvc|cvv|cardNumber|card_number)"/i);
  });

  it.each([
    ['open', ['plain', 'declinedThenOpen']],
    ['expired', ['lapsed']],
    ['cancelled', ['cancelled']],
    ['completed', ['paid']],
  ] as const)('status=%s filters by the presented status', async (status, expected) => {
    const response = await list('developer', `merchant_id=${merchant.id}&status=${status}`);
    expect(response.status).toBe(200);
    expect(response.json.data.map((item: { id: string }) => item.id)).toEqual(expected.map((name) => ids[name]));
  });

  it('cursor pages cover every session once, in order; the last page has next_cursor null', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list('admin', `merchant_id=${merchant.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      expect(response.json.data.length).toBeLessThanOrEqual(2);
      seen.push(...response.json.data.map((item: { id: string }) => item.id));
      cursor = response.json.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([ids.plain, ids.lapsed, ids.cancelled, ids.declinedThenOpen, ids.paid]);
  });

  it('every role reads it, with the Bearer JWT or the cookie; another merchant\'s sessions are not listed', async () => {
    const other = await makeMerchant(vault, { name: 'Other Shop' });
    const theirs = await openSession(vault, other);
    for (const role of ROLES) expect((await list(role, `merchant_id=${merchant.id}`)).json.data).toHaveLength(5);
    const cookie = await managementCall(vault, jwts.viewer, 'GET', `/api/checkout-sessions?merchant_id=${other.id}`, { cookie: true });
    expect(cookie.json).toEqual({ success: true, data: [expect.objectContaining({ id: theirs, status: 'open' })], next_cursor: null });
  });
});

describe('checkout sessions list — errors', () => {
  it.each([
    ['', 'merchant_id', 'merchant_id is required'],
    ['merchant_id=nope', 'merchant_id', 'merchant_id must be a UUID'],
    ['merchant_id={m}&status=paid', 'status', 'status must be one of open, completed, cancelled, expired'],
    ['merchant_id={m}&limit=0', 'limit', 'limit must be an integer from 1 to 100'],
    ['merchant_id={m}&limit=101', 'limit', 'limit must be an integer from 1 to 100'],
    ['merchant_id={m}&cursor=garbage!', 'cursor', 'cursor is not a cursor this API issued'],
    [`merchant_id={m}&cursor=${b64(`2025-01-01T00:00:00.000Z|${UNKNOWN_ID}`)}`, 'cursor', 'cursor is not a cursor this API issued'],
    ['merchant_id={m}&merchantId=x', 'merchantId', 'Unrecognized field'],
  ])('GET /api/checkout-sessions?%s → 400 naming %s', async (query, path, message) => {
    expectFieldError(await list('viewer', query.replace('{m}', UNKNOWN_ID)), path, message);
  });

  it('an unknown merchant → 404 Merchant not found', async () => {
    expectError(await list('viewer', `merchant_id=${UNKNOWN_ID}`), 404, 'not_found', 'Merchant not found');
  });

  it('other methods → 405 with Allow: GET', async () => {
    const response = await managementCall(vault, jwts.owner, 'POST', '/api/checkout-sessions', { json: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('checkout sessions list — security', () => {
  it('needs a session: none, a garbage JWT, or the merchant\'s API and service keys alone → 401', async () => {
    const merchant = await makeMerchant(vault);
    const path = `/api/checkout-sessions?merchant_id=${merchant.id}`;
    expectUnauthorized(await managementCall(vault, null, 'GET', path));
    expectUnauthorized(await managementCall(vault, 'not.a.jwt', 'GET', path));
    expectUnauthorized(await vault.call('GET', path, { headers: { 'x-service-api-key': merchant.serviceApiKey } }));
  });

  it('another account\'s merchant is 404 both ways', async () => {
    const ours = await makeMerchant(vault);
    await openSession(vault, ours);
    const theirs = await makeMerchant(vault, { projectId: stranger.projectId });
    expectError(await managementCall(vault, stranger.token, 'GET', `/api/checkout-sessions?merchant_id=${ours.id}`), 404, 'not_found', 'Merchant not found');
    expectError(await list('owner', `merchant_id=${theirs.id}`), 404, 'not_found', 'Merchant not found');
  });
});
