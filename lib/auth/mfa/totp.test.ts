import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../store/memory-store';
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from './totp';

// RFC 6238's test secret ("12345678901234567890"), so the codes below are the same on every run.
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const STEP = 60_000_000;
const NOW = (STEP * 30 + 15) * 1000; // halfway through STEP, in milliseconds

function codeAt(step: number, secret = SECRET): Promise<string> {
  return generate({ secret, epoch: step * 30 });
}

describe('verifyTotp', () => {
  let store = new MemoryStore(() => NOW);
  afterEach(async () => {
    await store.close();
    store = new MemoryStore(() => NOW);
  });

  const check = (code: string, userId = 'usr_1', now = NOW) => verifyTotp({ secret: SECRET, code, store, userId, now });

  it('accepts the current code', async () => {
    expect(await check(await codeAt(STEP))).toBe(true);
  });

  it('accepts the previous and the next step', async () => {
    expect(await check(await codeAt(STEP - 1))).toBe(true);
    expect(await check(await codeAt(STEP + 1))).toBe(true);
  });

  it('refuses codes two steps away, even at the edges of the current step', async () => {
    expect(await check(await codeAt(STEP - 2))).toBe(false);
    expect(await check(await codeAt(STEP + 2))).toBe(false);
    expect(await check(await codeAt(STEP - 2), 'usr_1', STEP * 30 * 1000)).toBe(false);
    expect(await check(await codeAt(STEP + 2), 'usr_1', (STEP * 30 + 29) * 1000 + 999)).toBe(false);
  });

  it('refuses a replay of an accepted code, also one step later', async () => {
    const code = await codeAt(STEP);
    expect(await check(code)).toBe(true);
    expect(await check(code)).toBe(false);
    expect(await check(code, 'usr_1', NOW + 30_000)).toBe(false);
  });

  it('lets another user use the same code', async () => {
    const code = await codeAt(STEP);
    expect(await check(code, 'usr_1')).toBe(true);
    expect(await check(code, 'usr_2')).toBe(true);
  });

  it('refuses wrong-length and non-digit codes without touching the store', async () => {
    const current = await codeAt(STEP);
    for (const code of [current.slice(0, 5), `${current}0`, '', ' ' + current, '12345a', '１２３４５６', '123 456']) {
      expect(await check(code)).toBe(false);
    }
    expect(await store.get(`totp-used:usr_1:${STEP}`)).toBeNull();
    expect(await check(current)).toBe(true);
  });

  it('refuses a wrong code', async () => {
    const current = await codeAt(STEP);
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    expect(await check(wrong)).toBe(false);
  });

  it('records the matched step, not the current one', async () => {
    expect(await check(await codeAt(STEP + 1))).toBe(true);
    expect(await store.get(`totp-used:usr_1:${STEP + 1}`)).toBe('1');
    expect(await store.get(`totp-used:usr_1:${STEP}`)).toBeNull();
  });
});

describe('secrets and provisioning', () => {
  it('generates base32 secrets of at least 160 bits', async () => {
    const secret = await newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(secret.length * 5).toBeGreaterThanOrEqual(160);
    expect(await newTotpSecret()).not.toBe(secret);
  });

  it('verifies a code from a freshly generated secret at the real time', async () => {
    const secret = await newTotpSecret();
    const store = new MemoryStore();
    const code = await generate({ secret });
    expect(await verifyTotp({ secret, code, store, userId: 'usr_1' })).toBe(true);
    await store.close();
  });

  it('builds an otpauth URI with issuer, account and secret', () => {
    const uri = totpUri({ secret: SECRET, accountName: 'zoe@example.com', issuer: 'Vault' });
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    const url = new URL(uri);
    expect(decodeURIComponent(url.pathname)).toContain('Vault:zoe@example.com');
    expect(url.searchParams.get('secret')).toBe(SECRET);
    expect(url.searchParams.get('issuer')).toBe('Vault');
  });

  it('renders the URI as a PNG data URL', async () => {
    const dataUrl = await totpQrDataUrl(totpUri({ secret: SECRET, accountName: 'zoe@example.com', issuer: 'Vault' }));
    expect(dataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('seals secrets bound to their user', () => {
    const key = randomBytes(32);
    const sealed = sealTotpSecret(key, 'usr_1', SECRET);
    expect(sealed.includes(Buffer.from(SECRET))).toBe(false);
    expect(openTotpSecret(key, 'usr_1', sealed)).toBe(SECRET);
    expect(() => openTotpSecret(key, 'usr_2', sealed)).toThrow();
    expect(() => openTotpSecret(randomBytes(32), 'usr_1', sealed)).toThrow();
  });
});
