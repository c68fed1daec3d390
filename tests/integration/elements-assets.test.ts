// Vault Elements' browser files: the committed public/ builds match their sources (a fresh build of
// components/elements/), the field page's script is within its budget, and the server serves them with
// the headers a cross-origin script needs; the field page (GET /elements/field) has its policy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElements } from '../../scripts/build-elements.mjs';
import { brandingStyleDefaults } from '../../lib/merchants/branding-theme';
import { DEFAULT_FIELD_COLORS } from '../../lib/elements/load-field-page';
import { makeMerchant } from '../helpers/checkout';
import { startTestVault, type TestVault } from '../helpers/test-vault';

const CHECKOUT_URL = 'https://pay.vault.example';
const PARENT = 'https://shop.example';
const FIELD_PAGE_BUDGET_GZIP = 12 * 1024;

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault({ env: { CHECKOUT_URL } });
});
afterAll(async () => {
  await vault?.close();
});

const options = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const instance = 'a'.repeat(24);

async function openSession(body: Record<string, unknown> = {}) {
  const response = await vault.call('POST', '/collect-sessions', { json: { parent_origin: PARENT, ...body } });
  expect(response.status).toBe(201);
  return response.json as { id: string };
}

describe('Elements builds', () => {
  it('public/elements.js, elements.global.js and elements-field.js are what the sources build to (run `node scripts/build-elements.mjs`)', async () => {
    const built = await buildElements();
    for (const [file, text] of Object.entries(built)) expect(readFileSync(join('public', file), 'utf8'), file).toBe(text);
  });

  it(`the field page (HTML + script) is within ${FIELD_PAGE_BUDGET_GZIP / 1024} KB gzip`, async () => {
    const { id } = await openSession();
    const page = await vault.call('GET', `/elements/field?session=${id}&field=card_number&instance=${instance}`, { key: null });
    const script = readFileSync(join('public', 'elements-field.js'));
    expect(gzipSync(page.text).length + gzipSync(script).length).toBeLessThan(FIELD_PAGE_BUDGET_GZIP);
  });
});

describe('GET /elements.js, /elements.global.js, /elements/field.js', () => {
  it.each(['/elements.js', '/elements.global.js', '/elements/field.js'])('%s: JavaScript any origin may load, no credentials', async (path) => {
    const response = await vault.call('GET', path, { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.text.startsWith('// Vault Elements')).toBe(true);
  });
});

describe('GET /elements/field', () => {
  it('serves the field with frame-ancestors exactly the parent origin, scripts from itself only, and a real labelled input', async () => {
    const { id } = await openSession();
    const response = await vault.call('GET', `/elements/field?session=${id}&field=card_number&instance=${instance}&o=${options({ label: 'Numéro "de" carte & co' })}`, { key: null });
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain(`frame-ancestors ${PARENT}`);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("font-src 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.text).toContain('autocomplete="cc-number"');
    expect(response.text).toContain('inputmode="numeric"');
    expect(response.text).toContain('aria-describedby="field-error"');
    expect(response.text).toContain('<title>Numéro &#34;de&#34; carte &#38; co</title>');
    expect(response.text).not.toContain('"de"');
    expect(response.text).toContain('<script src="/elements/field.js" defer></script>');
  });

  it("takes the merchant's brand colour for focus (merchant_id), Vault's colours otherwise", async () => {
    const merchant = await makeMerchant(vault);
    await vault.runtime.db.prisma.merchant.update({ where: { id: merchant.id }, data: { branding: { brand_color: '#f5c518', theme: 'light' } } });
    const branded = await openSession({ merchant_id: merchant.id });
    const plain = await openSession();
    const page = async (id: string) => (await vault.call('GET', `/elements/field?session=${id}&field=card_number&instance=${instance}`, { key: null })).text;
    const expected = brandingStyleDefaults({ brand_color: '#f5c518', theme: 'light' });
    // A yellow too light for a white page is darkened to reach 3:1: the field uses that, not the raw colour.
    expect(expected.focusColor).not.toBe('#f5c518');
    expect(await page(branded.id)).toContain(`caret-color:${expected.focusColor}`);
    expect(await page(branded.id)).toContain(`color:${expected.invalidColor}`);
    expect(await page(plain.id)).toContain(`caret-color:${DEFAULT_FIELD_COLORS.focus}`);
  });

  it('allows exactly the fonts given: an https URL on the parent origin, or data:', async () => {
    const { id } = await openSession();
    const fonts = [{ family: 'Shop Sans', src: `${PARENT}/fonts/shop.woff2`, weight: 400 }, { family: 'Inline', src: 'data:font/woff2;base64,d09GMgABAAA=' }];
    const response = await vault.call('GET', `/elements/field?session=${id}&field=card_cvc&instance=${instance}&o=${options({ fonts })}`, { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(`font-src ${PARENT}/fonts/shop.woff2 data:`);
    expect(response.text).toContain('autocomplete="cc-csc"');
  });

  it.each([
    [{ style: { base: { color: 'red' } } }, 200, '', ''],
    [{ style: { base: { backgroundImage: 'url(https://evil.example/x.png)' } } }, 400, 'o.style.base.backgroundImage', 'style.base.backgroundImage: allowed properties are'],
    [{ style: { base: { color: 'url(https://evil.example/x)' } } }, 400, 'o.style.base.color', 'style.base.color is not allowed'],
    [{ style: { hover: { color: 'red' } } }, 400, 'o.style.hover', 'style.hover: the states are'],
    [{ fonts: [{ family: 'X', src: 'https://evil.example/x.woff2' }] }, 400, 'o.fonts.0.src', 'fonts.0.src must be an https URL on https://shop.example'],
    [{ fonts: [{ family: 'X', src: 'data:text/css;base64,AAAA' }] }, 400, 'o.fonts.0.src', 'fonts.0.src must be'],
  ])('options %j → %i', async (given, status, path, message) => {
    const { id } = await openSession();
    const response = await vault.call('GET', `/elements/field?session=${id}&field=card_number&instance=${instance}&o=${options(given)}`, { key: null });
    expect(response.status).toBe(status);
    if (status !== 200) {
      expect(response.json.error.code).toBe('validation_error');
      expect(response.json.error.fields).toEqual([{ path, message: expect.stringContaining(message) }]);
      expect(response.headers.get('content-security-policy')).toBeNull();
    }
  });

  it('serves the page for the URL the issue names, session and field only (no instance: the page gets its own)', async () => {
    const { id } = await openSession();
    for (const [field, autocomplete] of [['card_number', 'cc-number'], ['card_expiry', 'cc-exp'], ['card_cvc', 'cc-csc']]) {
      const response = await vault.call('GET', `/elements/field?session=${id}&field=${field}`, { key: null });
      expect(response.status, field).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${PARENT}`);
      expect(response.text).toContain(`autocomplete="${autocomplete}"`);
      const config = JSON.parse(/<script type="application\/json" id="vault-field-config">(.*?)<\/script>/.exec(response.text)![1]!);
      expect(config.instance).toMatch(/^[0-9A-Za-z]{24}$/);
    }
  });

  it('refuses an unknown session (404), an ended one (410), a field the session does not collect and a bad instance (400)', async () => {
    const page = (query: string) => vault.call('GET', `/elements/field?${query}`, { key: null });
    const unknown = await page(`session=cls_000000000000000000000000&field=card_number&instance=${instance}`);
    expect([unknown.status, unknown.json.error]).toEqual([404, { code: 'not_found', message: 'Collect session not found' }]);
    const { id } = await openSession({ fields: ['card_number', 'card_expiry'] });
    expect((await page(`session=${id}&field=card_cvc&instance=${instance}`)).json.error.fields).toEqual([{ path: 'field', message: 'field must be one of the fields of this collect session' }]);
    expect((await page(`session=${id}&field=card_number&instance=short`)).json.error.fields).toEqual([{ path: 'instance', message: 'instance must be 16 to 64 letters or digits' }]);
    await vault.runtime.db.prisma.collectSession.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const ended = await page(`session=${id}&field=card_number&instance=${instance}`);
    expect([ended.status, ended.json.error]).toEqual([410, { code: 'collect_session_expired', message: 'Collect session expired' }]);
  });
});
