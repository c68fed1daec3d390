// Token formats on POST /tokenize and /test-tokens (issue 25): each format's shape, stored with the token;
// every endpoint that takes a token takes it (detokenize, the tokens API, delete); the card formats refused
// for bank accounts and short card numbers, naming token_format; and a taken value drawn again: the row,
// its audit row and its event are written under the new value, never under the taken one, and a caller
// whose format has no free value left fails alone (409) while its batch is written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid } from '../../lib/cards/card-rules';
import { newEventId } from '../../lib/events/record-event';
import { insertTokenWithAudit } from '../../lib/vault/insert-token';
import { startTestVault, type TestVault } from '../helpers/test-vault';

const PAN = '4000056655665556';

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault();
});
afterAll(() => vault?.close());

const tokenize = (body: Record<string, unknown>) => vault.call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber: PAN, expirationMonth: '12', expirationYear: '2030' }, ...body } });

describe('token_format on POST /tokenize', () => {
  it.each([
    ['random', /^tok_[0-9A-Za-z]{24}$/],
    ['pan_preserving', /^400005\d{6}5556$/],
    ['last4_preserving', /^[1-9]\d{11}5556$/],
    ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/],
  ])('%s: the value\'s shape, stored with its format; detokenize, the tokens API and delete take it', async (format, shape) => {
    const response = await tokenize({ token_format: format });
    expect(response.status).toBe(201);
    const { token } = response.json;
    expect(token).toMatch(shape);
    if (/^\d+$/.test(token)) expect(luhnValid(token)).toBe(false);
    expect(await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token }, select: { tokenFormat: true } })).toEqual({ tokenFormat: format });
    const revealed = await vault.call('POST', '/detokenize', { json: { token } });
    expect(revealed.status).toBe(200);
    expect(JSON.stringify(revealed.json)).toContain(PAN);
    expect((await vault.call('DELETE', `/api/tokens/${token}`)).status).toBe(200);
    expect((await vault.call('POST', '/detokenize', { json: { token } })).status).toBe(404);
  });

  it('without token_format the token is random, as before', async () => {
    const response = await tokenize({});
    expect(response.json.token).toMatch(/^tok_[0-9A-Za-z]{24}$/);
  });

  it.each([
    [{ token_format: 'pan_preserving', type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000', accountType: 'checking' } }, 'token_format must be random or uuid for a bank account (pan_preserving and last4_preserving are for cards)'],
    [{ token_format: 'pan_preserving', data: { cardNumber: '424242424242', expirationMonth: '12', expirationYear: '2030' } }, 'token_format pan_preserving needs a card number of at least 13 digits'],
    [{ token_format: 'fpe' }, 'token_format must be one of random, pan_preserving, last4_preserving, uuid'],
  ])('refuses %j: 400 naming token_format', async (body, message) => {
    const response = await tokenize(body);
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path: 'token_format', message }]);
  });

  it('a detokenize of a real card number where a token goes is a 404, not a lookup', async () => {
    const response = await vault.call('POST', '/detokenize', { json: { token: PAN } });
    expect([response.status, response.json.error.code]).toEqual([404, 'token_not_found']);
  });

  it('POST /test-tokens takes token_format too', async () => {
    const response = await vault.call('POST', '/test-tokens', { json: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123', token_format: 'pan_preserving' } });
    expect(response.status).toBe(201);
    expect(response.json.token).toMatch(/^424242\d{6}4242$/);
  });
});

describe('a taken value is drawn again', () => {
  const row = (token: string) => ({
    id: randomUUID(), token, projectId: vault.tenants.test.projectId, applicationId: null, type: 'card' as const, ciphertext: new Uint8Array([1, 2, 3]),
    keyVersion: 1, mask: '400005******5556', bin: '400005', last4: '5556', brand: 'visa', fingerprint: 'f'.repeat(64), testMode: true, createdAt: new Date(),
    tokenFormat: 'pan_preserving' as const,
  });
  const audit = () => ({ action: 'tokenize', outcome: 'success' as const, statusCode: 201, requestId: randomUUID(), accountId: null, projectId: vault.tenants.test.projectId });
  const eventOf = (current: { token: string }) => ({ id: newEventId(), body: JSON.stringify({ token: current.token }) });

  it('writes the row, its audit row and its event under the new value; the taken one keeps its single row', async () => {
    const taken = (await tokenize({ token_format: 'pan_preserving' })).json.token as string;
    const fresh = `400005${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}5556`;
    const colliding = row(taken);
    const auditEntry = audit();
    await insertTokenWithAudit(vault.runtime, colliding, auditEntry, { eventOf, nextValue: () => fresh });
    expect(colliding.token).toBe(fresh);
    expect(await vault.runtime.db.prisma.token.count({ where: { token: taken } })).toBe(1);
    expect(await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: fresh }, select: { id: true } })).toEqual({ id: colliding.id });
    expect(await vault.runtime.db.prisma.auditLog.count({ where: { requestId: auditEntry.requestId, tokenId: colliding.id } })).toBe(1);
    const events = await vault.runtime.db.prisma.webhookEvent.findMany({ where: { body: { contains: fresh } }, select: { id: true } });
    expect(events).toHaveLength(1);
    expect(await vault.runtime.db.prisma.webhookEvent.count({ where: { body: JSON.stringify({ token: taken }) } })).toBe(0);
  });

  it('no free value after 8 draws: that caller gets 409 conflict and writes nothing; the rest of its batch is written', async () => {
    const taken = (await tokenize({ token_format: 'pan_preserving' })).json.token as string;
    const stuck = row(taken);
    const neighbour = row(`400005${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}5556`);
    const stuckAudit = audit();
    let draws = 0;
    const results = await Promise.allSettled([
      insertTokenWithAudit(vault.runtime, stuck, stuckAudit, { eventOf, nextValue: () => (draws++, taken) }),
      insertTokenWithAudit(vault.runtime, neighbour, audit(), { eventOf, nextValue: () => `tok_${randomUUID()}` }),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { code: 'conflict', status: 409, message: 'No free token value is left in this format for this card: use token_format random or uuid' } });
    expect(results[1]!.status).toBe('fulfilled');
    expect(draws).toBe(7);
    expect(await vault.runtime.db.prisma.token.count({ where: { id: stuck.id } })).toBe(0);
    expect(await vault.runtime.db.prisma.auditLog.count({ where: { requestId: stuckAudit.requestId } })).toBe(0);
    expect(await vault.runtime.db.prisma.token.count({ where: { id: neighbour.id } })).toBe(1);
  });
});
