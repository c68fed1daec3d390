// BIN only where the mask shows it (issue 10): a card number under 14 digits is masked as `*` + last 4, so
// its BIN is null in every answer — POST /tokenize, POST /test-tokens, GET /api/tokens/{token}, GET
// /api/tokens — and is not stored. Tokens stored before (a BIN in their row) are shown without it.
// Happy (14+ digits keep their BIN), error-free short PANs, and the attack: the first 6 digits never
// come back beside a mask that hides them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/accounts';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers } from '../helpers/users';

let vault: TestVault;
let jwt: string;

beforeAll(async () => {
  vault = await startTestVault();
  const users = await seedUsers(vault, 'bin');
  jwt = await loginAs(vault, users.viewer.email);
});
afterAll(() => vault?.close());

const tokenize = (cardNumber: string) =>
  vault.call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber, expirationMonth: '12', expirationYear: '2030' } } });
const asViewer = (path: string) => vault.call('GET', path, { key: null, headers: { authorization: `Bearer ${jwt}` } });

/** Every answer that shows the token: the token view and its item in the listing. */
async function shownBins(token: string): Promise<{ view: unknown; item: unknown; texts: string[] }> {
  const view = await asViewer(`/api/tokens/${token}`);
  expect(view.status, view.text).toBe(200);
  const list = await asViewer(`/api/tokens?project_id=${vault.tenants.test.projectId}&limit=100`);
  expect(list.status, list.text).toBe(200);
  const item = (list.json.data as { token: string; bin: unknown }[]).find((entry) => entry.token === token);
  expect(item).toBeDefined();
  return { view: view.json.data.bin, item: item!.bin, texts: [view.text, JSON.stringify(item)] };
}

describe('BIN — happy: 14 digits and more keep it', () => {
  it.each([
    ['16 digits', '4242424242424242', '424242', '424242******4242'],
    ['15 digits', '378282246310005', '378282', '378282*****0005'],
    ['14 digits', '36227206271667', '362272', '362272****1667'],
  ])('%s: bin %s beside mask %s, in every answer and the row', async (_name, cardNumber, bin, mask) => {
    const created = await tokenize(cardNumber);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ mask, bin });
    expect(await shownBins(created.json.token)).toMatchObject({ view: bin, item: bin });
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: created.json.token } });
    expect(row).toMatchObject({ mask, bin });
  });
});

describe('BIN — short card numbers: null wherever the mask hides it', () => {
  it.each([
    ['13 digits', '4222222222222', '*********2222'],
    ['13 digits (another)', '4012888818888', '*********8888'],
    ['12 digits', '501800000009', '********0009'],
  ])('POST /tokenize, %s → bin null, mask %s; not stored; the token view and listing say null', async (_name, cardNumber, mask) => {
    const created = await tokenize(cardNumber);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ mask, bin: null, last4: cardNumber.slice(-4) });
    expect(created.text).not.toContain(cardNumber.slice(0, 6));
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: created.json.token } });
    expect(row).toMatchObject({ mask, bin: null });
    const shown = await shownBins(created.json.token);
    expect(shown).toMatchObject({ view: null, item: null });
    for (const text of shown.texts) expect(text).not.toContain(cardNumber.slice(0, 6));
  });

  it('POST /test-tokens with a 13-digit published test card → bin null', async () => {
    const created = await vault.call('POST', '/test-tokens', { json: { cardNumber: '4007000000027', expirationMonth: '12', expirationYear: '2030', cvc: '123' } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ mask: '*********0027', bin: null, last4: '0027', test_mode: true });
    expect(await shownBins(created.json.token)).toMatchObject({ view: null, item: null });
  });

  it('the documented tokenize and test-token answers allow a null bin', async () => {
    const document = (await vault.call('GET', '/openapi.json', { key: null })).json;
    const schemaOf = (path: string) => {
      const schema = document.paths[path].post.responses['201'].content['application/json'].schema;
      return schema.$ref ? document.components.schemas[schema.$ref.split('/').at(-1)] : schema;
    };
    for (const path of ['/tokenize', '/test-tokens']) {
      const bin = schemaOf(path).properties.bin;
      expect(JSON.stringify(bin), path).toMatch(/null/);
    }
  });
});

describe('BIN — attack: a row stored with the BIN of a short card number', () => {
  it('a token stored before the change (BIN in its row) is shown with bin null', async () => {
    const created = await tokenize('4222222222222');
    // What the vault stored before: the first 6 digits beside a mask that hides them.
    await vault.runtime.db.prisma.token.update({ where: { token: created.json.token }, data: { bin: '422222' } });
    const shown = await shownBins(created.json.token);
    expect(shown).toMatchObject({ view: null, item: null });
    for (const text of shown.texts) expect(text).not.toContain('422222');
  });
});
