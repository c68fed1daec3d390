// Token events (issue 13): token.created on every creation door (POST /tokenize, POST /test-tokens with a key
// or a session) written in the token's own statement, also when many creations share one statement (group
// commit on PostgreSQL); token.deleted by the delete that removed the row only. Exact envelopes and data,
// fan-out to the subscribed endpoints, nothing written when the creation fails, no card number in any event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/accounts';
import { deliveredTo, expectEnvelope, expectNoCardNumbersInEvents, insertEndpoint, onlyEvent, storedEvents } from '../helpers/events';
import { cardRequest } from '../helpers/fixtures';
import { refuseInserts } from '../helpers/refuse-inserts';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type TestUsers } from '../helpers/users';

const CANARY_PAN = '4111111111111111';
/** The card whose event the database refuses (by its last 4) in the failure test. */
const REFUSED_PAN = '6011111111111117';
const BANK = { type: 'bank', data: { accountNumber: '000123456789', routingNumber: '110000000', accountHolderName: 'Jane Doe', accountType: 'checking' } };
const TEST_CARD = { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cvc: '123' };

let vault: TestVault;
let users: TestUsers;
let developer: string;
/** Endpoints rows (nothing is sent in this file): which of them an event is fanned out to. */
const endpoints = {} as Record<'testCreated' | 'testAll' | 'otherAll' | 'productionDeleted' | 'productionCreated', string>;
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'events-tokens');
  developer = await loginAs(vault, users.developer.email);
  const { test, production, other } = vault.tenants;
  endpoints.testCreated = await insertEndpoint(vault.runtime, test.projectId, ['token.created']);
  endpoints.testAll = await insertEndpoint(vault.runtime, test.projectId, ['*']);
  await insertEndpoint(vault.runtime, test.projectId, ['token.deleted', 'checkout.session.completed']);
  await insertEndpoint(vault.runtime, test.projectId, ['*'], { enabled: false });
  endpoints.otherAll = await insertEndpoint(vault.runtime, other.projectId, ['*']);
  endpoints.productionDeleted = await insertEndpoint(vault.runtime, production.projectId, ['token.deleted']);
  endpoints.productionCreated = await insertEndpoint(vault.runtime, production.projectId, ['token.created']);
});
afterAll(() => vault?.close());

const projects = () => [vault.tenants.test.projectId, vault.tenants.production.projectId, vault.tenants.other.projectId];
/** An event of the test project, made with its full key. */
const inTest = () => ({ projectId: vault.tenants.test.projectId, livemode: false, applicationId: vault.tenants.test.applicationId });
const tokenEvent = (type: string, token: string) => onlyEvent(vault.runtime, projects(), type, (data) => data.token === token);
const tokenEvents = async (token: string) => (await storedEvents(vault.runtime, { projectIds: projects(), match: (data) => data.token === token })).map((event) => event.type);
/** The data of token.created for a creation's 201 answer. */
const createdData = (response: ApiResponse, applicationId: string | null) => ({
  token: response.json.token,
  type: response.json.type,
  brand: response.json.brand ?? null,
  last4: response.json.last4,
  application_id: applicationId,
  created_at: response.json.created_at,
});

/** The one token.created of a creation's 201 answer, its envelope checked whole; returns it. */
async function expectTokenCreated(response: ApiResponse, expected: { projectId: string; livemode: boolean; applicationId: string | null }) {
  expect(response.status).toBe(201);
  const event = await tokenEvent('token.created', response.json.token);
  expectEnvelope(event, { type: 'token.created', projectId: expected.projectId, livemode: expected.livemode, data: createdData(response, expected.applicationId) });
  return event;
}

describe('token.created', () => {
  it('POST /tokenize (card): one event with the exact envelope, fanned out to the endpoints subscribed to it', async () => {
    const response = await vault.call('POST', '/tokenize', { json: cardRequest({ cardNumber: CANARY_PAN }) });
    const event = await expectTokenCreated(response, inTest());
    expect(event.envelope.data).toMatchObject({ brand: 'visa', last4: '1111', type: 'card' });
    // The event is the token's: same instant as its row.
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: response.json.token } });
    expect(event.created_at.getTime()).toBe(row.createdAt.getTime());
    expect(await deliveredTo(vault.runtime, event)).toEqual([endpoints.testCreated, endpoints.testAll].sort());
  });

  it('a bank token: brand null', async () => {
    const event = await expectTokenCreated(await vault.call('POST', '/tokenize', { json: BANK }), inTest());
    expect(event.envelope.data).toMatchObject({ type: 'bank', brand: null, last4: '6789' });
  });

  it('a production project: livemode true', async () => {
    const { keys, pubKey, projectId, applicationId } = vault.tenants.production;
    const response = await vault.call('POST', '/tokenize', { key: keys.full, pubKey, json: cardRequest() });
    const event = await expectTokenCreated(response, { projectId, livemode: true, applicationId });
    expect(await deliveredTo(vault.runtime, event)).toEqual([endpoints.productionCreated]);
  });

  it('POST /test-tokens with an API key, and with a session (no application)', async () => {
    await expectTokenCreated(await vault.call('POST', '/test-tokens', { json: TEST_CARD }), inTest());
    const withSession = await vault.call('POST', `/test-tokens?project_id=${vault.tenants.production.projectId}`, { key: null, json: TEST_CARD, headers: { authorization: `Bearer ${developer}` } });
    // A test token of a production project: livemode follows the project.
    await expectTokenCreated(withSession, { projectId: vault.tenants.production.projectId, livemode: true, applicationId: null });
  });

  it('many creations at once (one statement on PostgreSQL): one event each, each with its own token and fan-out', async () => {
    const projectId = vault.tenants.other.projectId;
    // The sizes of the token statements used (vault_insert_tokens_<rows>), to see the multi-row form run.
    const { sql } = vault.runtime.db;
    const query = sql.query;
    const sizes: number[] = [];
    sql.query = ((text: string, values?: unknown[], name?: string) => {
      if (name?.startsWith('vault_insert_tokens_')) sizes.push(Number(name.slice('vault_insert_tokens_'.length)));
      return query.call(sql, text, values, name);
    }) as typeof query;
    let responses: ApiResponse[];
    try {
      responses = await Promise.all(Array.from({ length: 30 }, (_, i) => vault.call('POST', '/tokenize', { key: vault.tenants.other.keys.full, json: cardRequest({ expirationYear: String(2030 + (i % 5)) }) })));
    } finally {
      sql.query = query;
    }
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
    // PostgreSQL groups concurrent creations; PGlite writes each alone.
    expect(Math.max(...sizes)).toSatisfy((largest: number) => (vault.runtime.db.kind === 'postgresql' ? largest > 1 : largest === 1));
    for (const response of responses) {
      const event = await expectTokenCreated(response, { projectId, livemode: false, applicationId: vault.tenants.other.applicationId });
      expect(await deliveredTo(vault.runtime, event)).toEqual([endpoints.otherAll]);
    }
  });

  it('a creation whose event cannot be written fails whole: no token, no audit row, no event', async () => {
    const projectId = vault.tenants.test.projectId;
    const undo = await refuseInserts(vault.runtime, 'webhook_events', `NEW.project_id = '${projectId}' AND NEW.body LIKE '%"last4":"1117"%'`);
    try {
      const before = await vault.runtime.db.prisma.token.count({ where: { projectId } });
      const refused = await vault.call('POST', '/tokenize', { json: cardRequest({ cardNumber: REFUSED_PAN }) });
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(await vault.runtime.db.prisma.token.count({ where: { projectId } })).toBe(before);
      expect(await storedEvents(vault.runtime, { projectIds: [projectId], type: 'token.created', match: (data) => data.last4 === '1117' })).toEqual([]);
    } finally {
      await undo();
    }
  });
});

describe('token.deleted', () => {
  it('one event for the delete; deleting it again is a 404 and writes none', async () => {
    const created = await vault.call('POST', '/tokenize', { json: cardRequest() });
    const { token } = created.json;
    const deleted = await vault.call('DELETE', `/api/tokens/${token}`);
    expect(deleted.status).toBe(200);
    expect((await vault.call('DELETE', `/api/tokens/${token}`)).status).toBe(404);
    expect(await tokenEvents(token)).toEqual(['token.created', 'token.deleted']);
    expectEnvelope(await tokenEvent('token.deleted', token), { type: 'token.deleted', projectId: vault.tenants.test.projectId, livemode: false, data: { token, type: 'card', brand: 'visa', last4: '4242' } });
  });

  it('deleted by a signed-in user (account scope), in a production project: livemode true; fanned out', async () => {
    const { keys, pubKey, projectId } = vault.tenants.production;
    const created = await vault.call('POST', '/tokenize', { key: keys.full, pubKey, json: BANK });
    const { token } = created.json;
    expect((await vault.call('DELETE', `/api/tokens/${token}`, { key: null, headers: { authorization: `Bearer ${developer}` } })).status).toBe(200);
    const event = await tokenEvent('token.deleted', token);
    expectEnvelope(event, { type: 'token.deleted', projectId, livemode: true, data: { token, type: 'bank', brand: null, last4: '6789' } });
    expect(await deliveredTo(vault.runtime, event)).toEqual([endpoints.productionDeleted]);
  });

  it('a delete refused (another project\'s token, a viewer) writes none', async () => {
    const created = await vault.call('POST', '/tokenize', { json: cardRequest() });
    const { token } = created.json;
    expect((await vault.call('DELETE', `/api/tokens/${token}`, { key: vault.tenants.other.keys.full })).status).toBe(404);
    const viewer = await loginAs(vault, users.viewer.email);
    expect((await vault.call('DELETE', `/api/tokens/${token}`, { key: null, headers: { authorization: `Bearer ${viewer}` } })).status).toBe(403);
    expect(await tokenEvents(token)).toEqual(['token.created']);
  });
});

describe('card data', () => {
  it('no event body holds a card number or account number used in this file', async () => {
    await expectNoCardNumbersInEvents(vault.runtime, projects(), [CANARY_PAN, '4242424242424242', REFUSED_PAN, '000123456789']);
  });
});
