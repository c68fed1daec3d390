// A processor answered, but the vault could not record the attempt (a database write failing after the PSP
// call, injected with a trigger that refuses this session's attempt row): the session is never charged
// twice. The claim stays held, the answer is kept, and the next reader records it: a retried Pay answers
// 200 with the first transaction id, Cancel and the merchant's read see the payment, a decline is counted.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestPsp, type TestPsp } from '../helpers/psp-server';
import { CARD, customer, makeMerchant, openSession, readSession, type TestMerchant } from '../helpers/checkout';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';

const CHECKOUT_URL = 'https://pay.vault.example';
const CANARY_PAN = '4000056655665556';
const CANARY_CVV = '7391';

let vault: TestVault;
let psp: TestPsp;
let merchant: TestMerchant;
/** The PSP charges (one per request it received) and what it answers to the next one. */
let charges = 0;
let decline = false;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  psp = await startTestPsp();
  psp.reply(() => {
    charges += 1;
    return decline
      ? { status: 402, headers: { 'content-type': 'application/json' }, body: '{"error":"declined"}' }
      : { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: `ch_${charges}` }) };
  });
  vault = await startTestVault({ env: { CHECKOUT_URL, CHECKOUT_PAY_LIMIT_PER_MINUTE: '1000' }, pspCa: psp.ca });
  merchant = await makeMerchant(vault, { processor: { type: 'http', url: psp.url('/v1/charges'), body: { number: '${cardNumber}', cvc: '${cvv}' }, transaction_id_path: 'id' } });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  decline = false;
});
afterAll(async () => {
  await vault?.close();
  await psp?.close();
});

/** Makes every INSERT of an attempt row of this session fail (in the database); returns the undo. */
async function refuseAttemptRows(sessionId: string): Promise<() => Promise<void>> {
  const { prisma } = vault.runtime.db;
  const name = `vault_test_refuse_${sessionId.slice(3).toLowerCase()}`;
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.session_id = '${sessionId}' THEN RAISE EXCEPTION 'injected: attempt row refused'; END IF; RETURN NEW; END $$`,
  );
  await prisma.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE INSERT ON checkout_attempts FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  let undone = false;
  const undo = async () => {
    if (undone) return;
    undone = true;
    await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON checkout_attempts`);
    await prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${name}()`);
  };
  cleanups.push(undo);
  return undo;
}

const pay = (sessionId: string, card: Record<string, unknown> = {}) => customer(vault, sessionId, 'pay', { json: { ...CARD, ...card } });
const attemptsOf = (sessionId: string) => vault.runtime.db.prisma.checkoutAttempt.findMany({ where: { sessionId }, orderBy: { createdAt: 'asc' } });
const row = (sessionId: string) => vault.runtime.db.prisma.checkoutSession.findUniqueOrThrow({ where: { id: sessionId } });

/** A session whose first Pay reached the PSP (approved unless `decline`) and failed to be recorded. */
async function chargedButUnrecorded(card: Record<string, unknown> = {}): Promise<{ sessionId: string; first: ApiResponse }> {
  const sessionId = await openSession(vault, merchant);
  const undo = await refuseAttemptRows(sessionId);
  const before = charges;
  const first = await pay(sessionId, card);
  expect(first.status).toBeGreaterThanOrEqual(500);
  expect(first.json).toMatchObject({ success: false, error: { code: expect.any(String) } });
  expect(charges).toBe(before + 1);
  await undo();
  return { sessionId, first };
}

describe('an approved charge that could not be recorded', () => {
  it('its claim stays held: no other Pay can charge meanwhile', async () => {
    const { sessionId } = await chargedButUnrecorded();
    const stored = await row(sessionId);
    expect(stored).toMatchObject({ status: 'open', attempts: 0, transactionId: null });
    expect(stored.chargeLockId).not.toBeNull();
    // Held for a day, not until the PSP time-out plus a minute: it does not lapse into a second charge.
    expect(stored.chargeLockUntil!.getTime()).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
    expect(await attemptsOf(sessionId)).toEqual([]);
  });

  it('the retried Pay completes the session with the first transaction id; the PSP charged once', async () => {
    const before = charges;
    const { sessionId } = await chargedButUnrecorded();
    const transactionId = `ch_${before + 1}`;
    const retry = await pay(sessionId);
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ success: true, status: 'completed', paymentData: { transactionId, amount: '10.50', currency: 'EUR', brand: 'visa', last4: '4242' } });
    expect(retry.json.redirectUrl).toContain(`transactionId=${transactionId}`);
    expect(charges).toBe(before + 1);
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'completed', attempts: 1, transactionId });
    expect((await attemptsOf(sessionId)).map((attempt) => [attempt.outcome, attempt.transactionId, attempt.last4])).toEqual([['approved', transactionId, '4242']]);
    expect(await row(sessionId)).toMatchObject({ chargeLockId: null, chargeLockUntil: null });
    // The retry is audited as the payment, with the token the first Pay made.
    const audit = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: retry.headers.get('x-request-id')!, action: 'checkout.pay' } });
    expect(audit).toMatchObject({ outcome: 'success', statusCode: 200 });
    expect(audit.tokenId).not.toBeNull();
    // And the session is done: a third Pay is 409, still one charge.
    expect((await pay(sessionId)).json.error.code).toBe('session_completed');
    expect(charges).toBe(before + 1);
  });

  it('even if the claim lapsed (holding it failed too), the next Pay records the kept answer instead of charging', async () => {
    const before = charges;
    const { sessionId } = await chargedButUnrecorded();
    await vault.runtime.db.prisma.checkoutSession.update({ where: { id: sessionId }, data: { chargeLockUntil: new Date(Date.now() - 1000) } });
    const retry = await pay(sessionId, { cardNumber: '5555555555554444' });
    expect(retry.status).toBe(200);
    expect(retry.json.paymentData).toMatchObject({ transactionId: `ch_${before + 1}`, brand: 'visa', last4: '4242' });
    expect(charges).toBe(before + 1);
    expect(await attemptsOf(sessionId)).toHaveLength(1);
  });

  it('concurrent retries record it once: one 200, the others 409; one charge', async () => {
    const before = charges;
    const { sessionId } = await chargedButUnrecorded();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(sessionId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((item) => item.status === 409)) expect(['session_completed', 'payment_in_progress']).toContain(answer.json.error.code);
    expect(charges).toBe(before + 1);
    expect(await attemptsOf(sessionId)).toHaveLength(1);
  });

  it('Cancel and the merchant\'s read see the payment, never an open or cancellable session', async () => {
    const before = charges;
    const { sessionId } = await chargedButUnrecorded();
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'completed', transactionId: `ch_${before + 1}` });
    const cancelled = await customer(vault, sessionId, 'cancel');
    expect(cancelled.status).toBe(409);
    expect(cancelled.json.error.code).toBe('session_completed');
    expect(await attemptsOf(sessionId)).toHaveLength(1);
  });

  it('lazy expiry never expires a charged session while its answer waits', async () => {
    const before = charges;
    const { sessionId } = await chargedButUnrecorded();
    await vault.runtime.db.prisma.checkoutSession.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1000), chargeLockUntil: new Date(Date.now() - 1000) } });
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'completed', transactionId: `ch_${before + 1}` });
  });
});

describe('a decline that could not be recorded', () => {
  it('is counted on the next Pay, which then charges the new card', async () => {
    decline = true;
    const before = charges;
    const { sessionId } = await chargedButUnrecorded();
    decline = false;
    const retry = await pay(sessionId, { cardNumber: '5555555555554444' });
    expect(retry.status).toBe(200);
    expect(retry.json.paymentData).toMatchObject({ transactionId: `ch_${before + 2}`, last4: '4444' });
    expect(charges).toBe(before + 2);
    expect((await attemptsOf(sessionId)).map((attempt) => [attempt.outcome, attempt.last4])).toEqual([
      ['declined', '4242'],
      ['approved', '4444'],
    ]);
    expect((await readSession(vault, merchant, sessionId)).json.data).toMatchObject({ status: 'completed', attempts: 2 });
  });
});

describe('what is kept', () => {
  it('never the card number or CVV: not in the store, the answers, the rows or the logs', async () => {
    const { sessionId, first } = await chargedButUnrecorded({ cardNumber: CANARY_PAN, cvc: CANARY_CVV });
    const cvv = new RegExp(`(?<![0-9A-Za-z-])${CANARY_CVV}(?![0-9A-Za-z-])`);
    const retry = await pay(sessionId, { cardNumber: CANARY_PAN, cvc: CANARY_CVV });
    expect(retry.status).toBe(200);
    for (const text of [first.text, retry.text, vault.logs.join('\n'), JSON.stringify(await attemptsOf(sessionId))]) {
      expect(text).not.toContain(CANARY_PAN);
      expect(text).not.toMatch(cvv);
    }
  });

  it('the kept answer is sealed in the store, and gone once recorded', async () => {
    const { sessionId } = await chargedButUnrecorded();
    const kept = await vault.runtime.store.get(`checkout-charge:${sessionId}`);
    expect(kept).not.toBeNull();
    expect(kept).not.toMatch(/ch_\d|approved|4242/);
    expect((await pay(sessionId)).status).toBe(200);
    expect(await vault.runtime.store.get(`checkout-charge:${sessionId}`)).toBeNull();
  });
});
