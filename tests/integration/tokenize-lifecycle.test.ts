// POST /tokenize's issue 25 fields: metadata (validated, never echoing a card number; sealed at rest; in no
// audit row or event; indexed for the project's searchable keys only, as MACs), an expiry (expires_at or
// ttl_seconds, at most ten years), and deduplicate (the oldest active token of the same card, 200, with a
// fresh CVC session; concurrent calls agree on one token; an expired or deleted token is never returned).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearApiKeyCache } from '../../lib/api-keys/api-key-cache';
import { luhnValid } from '../../lib/core/luhn';
import { withTokenDetails } from '../../lib/tokens/token-details';
import { tokenColumns } from '../../lib/tokens/token-row';
import { startTestVault, type TestVault } from '../helpers/test-vault';

let vault: TestVault;
beforeAll(async () => {
  vault = await startTestVault();
});
afterAll(() => vault?.close());

let cardSerial = 0;
/** A Luhn-valid 16-digit card number of its own for each test (deduplication looks at the card). */
function freshPan(): string {
  const body = `411111${String(Date.now() % 1e6).padStart(6, '0')}${String(++cardSerial % 1000).padStart(3, '0')}`;
  return body + [...'0123456789'].find((digit) => luhnValid(body + digit))!;
}

const tokenize = (body: Record<string, unknown>, pan = '4000056655665556') =>
  vault.call('POST', '/tokenize', { json: { type: 'card', data: { cardNumber: pan, expirationMonth: '12', expirationYear: '2030' }, ...body } });

describe('metadata on POST /tokenize', () => {
  it('is returned, sealed at rest, and absent from the audit row and the event', async () => {
    const metadata = { customer_id: 'cus_canary_8412', plan: 'gold' };
    const response = await tokenize({ metadata });
    expect(response.status).toBe(201);
    expect(response.json.metadata).toEqual(metadata);
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: response.json.token }, select: { id: true, metadataSealed: true } });
    expect(Buffer.from(row.metadataSealed!).toString('latin1')).not.toContain('cus_canary_8412');
    const audit = await vault.runtime.db.prisma.auditLog.findMany({ where: { tokenId: row.id } });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('cus_canary');
    const events = await vault.runtime.db.prisma.webhookEvent.findMany({ where: { projectId: vault.tenants.test.projectId, type: 'token.created' } });
    expect(events.some((event) => event.body.includes(response.json.token))).toBe(true);
    expect(events.some((event) => event.body.includes('cus_canary'))).toBe(false);
    const [details] = await withTokenDetails(vault.runtime, [await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { id: row.id }, select: tokenColumns })]);
    expect(details!.metadata).toEqual(metadata);
  });

  it.each([
    [{ note: 'card 4242 4242 4242 4242' }, 'metadata.note', 'metadata.note must not contain a card number'],
    [{ note: '4242-4242-4242-4242' }, 'metadata.note', 'metadata.note must not contain a card number'],
    [{ 'Bad-Key': 'x' }, 'metadata.Bad-Key', 'metadata keys must be 1 to 40 of a-z, 0-9 and _'],
    [{ long: 'x'.repeat(501) }, 'metadata.long', 'metadata.long must be at most 500 characters'],
    [{ count: 5 }, 'metadata.count', 'metadata.count must be a string'],
    [Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${index}`, 'v'])), 'metadata', 'metadata must have at most 20 keys'],
  ])('refuses %j with 400 naming the key, never echoing a number; nothing is stored', async (metadata, path, message) => {
    const before = await vault.runtime.db.prisma.token.count({ where: { projectId: vault.tenants.test.projectId } });
    const response = await tokenize({ metadata });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path, message }]);
    expect(response.text).not.toContain('4242 4242');
    expect(response.text).not.toContain('4242-4242');
    expect(await vault.runtime.db.prisma.token.count({ where: { projectId: vault.tenants.test.projectId } })).toBe(before);
  });

  it('refuses a __proto__ key by name instead of dropping it', async () => {
    const response = await vault.call('POST', '/tokenize', {
      body: '{"type":"card","data":{"cardNumber":"4000056655665556","expirationMonth":"12","expirationYear":"2030"},"metadata":{"__proto__":"x","a":"b"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path: 'metadata.__proto__', message: 'metadata key __proto__ is reserved' }]);
  });

  it('takes a run of more than 19 digits, and Luhn-failing numbers', async () => {
    const response = await tokenize({ metadata: { order: '4242424242424242424242', ref: '4242424242424241' } });
    expect(response.status).toBe(201);
  });

  it('indexes only the searchable keys, as MACs of their values', async () => {
    await vault.runtime.db.prisma.project.update({ where: { id: vault.tenants.test.projectId }, data: { searchableMetadataKeys: ['customer_id'] } });
    // Set behind the API's back: the cached principals (which list the searchable keys) are dropped as PUT does.
    clearApiKeyCache();
    try {
      const response = await tokenize({ metadata: { customer_id: 'cus_index_1', plan: 'silver' } });
      const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: response.json.token }, select: { id: true } });
      const entries = await vault.runtime.db.prisma.tokenSearchEntry.findMany({ where: { tokenId: row.id } });
      expect(entries.map((entry) => entry.key)).toEqual(['customer_id']);
      expect(entries[0]!.valueMac).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(entries)).not.toContain('cus_index_1');
      // Concurrent calls share statements (group commit): a batch mixing tokens with and without metadata
      // indexes exactly the ones with it.
      const mixed = await Promise.all(Array.from({ length: 20 }, (_, index) => tokenize(index % 2 ? { metadata: { customer_id: `cus_mixed_${index}` } } : {})));
      const ids = await vault.runtime.db.prisma.token.findMany({ where: { token: { in: mixed.map((response) => response.json.token) } }, select: { id: true, token: true } });
      const indexed = await vault.runtime.db.prisma.tokenSearchEntry.findMany({ where: { tokenId: { in: ids.map((token) => token.id) } }, select: { tokenId: true } });
      const withMetadata = new Set(mixed.filter((_, index) => index % 2).map((response) => response.json.token));
      expect(new Set(indexed.map((entry) => ids.find((token) => token.id === entry.tokenId)!.token))).toEqual(withMetadata);
    } finally {
      await vault.runtime.db.prisma.project.update({ where: { id: vault.tenants.test.projectId }, data: { searchableMetadataKeys: [] } });
      clearApiKeyCache();
    }
  });
});

describe('expiry on POST /tokenize', () => {
  it('expires_at is stored and returned', async () => {
    const at = new Date(Date.now() + 86_400_000);
    const response = await tokenize({ expires_at: at.toISOString() });
    expect(response.status).toBe(201);
    expect(response.json.expires_at).toBe(at.toISOString());
    const row = await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: response.json.token }, select: { expiresAt: true } });
    expect(row.expiresAt?.toISOString()).toBe(at.toISOString());
  });

  it('ttl_seconds counts from the call, on the caller\'s clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-03-04T05:06:07.000Z'));
      const response = await tokenize({ ttl_seconds: 3600 });
      expect(response.status).toBe(201);
      expect(response.json.expires_at).toBe('2031-03-04T06:06:07.000Z');
      expect(response.json.created_at).toBe('2031-03-04T05:06:07.000Z');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', 'expires_at must be in the future'],
    [{ expires_at: new Date(Date.now() + 11 * 365 * 86_400_000).toISOString() }, 'expires_at', 'expires_at must be at most 10 years ahead'],
    [{ expires_at: '2030-01-01' }, 'expires_at', 'expires_at must be an RFC 3339 date-time with an offset (2030-01-31T00:00:00Z)'],
    // Dates and times that do not exist are refused, not rolled over (to March 2nd, to the next day).
    [{ expires_at: '2030-02-30T00:00:00Z' }, 'expires_at', 'expires_at must be an RFC 3339 date-time with an offset (2030-01-31T00:00:00Z)'],
    [{ expires_at: '2030-01-31T24:00:00Z' }, 'expires_at', 'expires_at must be an RFC 3339 date-time with an offset (2030-01-31T00:00:00Z)'],
    [{ ttl_seconds: 0 }, 'ttl_seconds', 'ttl_seconds must be at least 1'],
    [{ ttl_seconds: 1.5 }, 'ttl_seconds', 'ttl_seconds must be a whole number of seconds'],
    [{ ttl_seconds: 400_000_000 }, 'ttl_seconds', 'ttl_seconds must be at most 10 years (315576000)'],
    [{ ttl_seconds: 60, expires_at: '2030-01-01T00:00:00Z' }, 'ttl_seconds', 'Give expires_at or ttl_seconds, not both'],
  ])('refuses %j with 400 naming the field', async (body, path, message) => {
    const response = await tokenize(body);
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path, message }]);
  });

  it('takes exactly ten years', async () => {
    const response = await tokenize({ ttl_seconds: 315_576_000 });
    expect(response.status).toBe(201);
  });
});

describe('deduplicate on POST /tokenize', () => {
  it('the first call makes a token (201, false); the next returns it unchanged (200, true) with its metadata', async () => {
    const pan = freshPan();
    const first = await tokenize({ deduplicate: true, metadata: { customer_id: 'cus_first' }, token_format: 'uuid' }, pan);
    expect([first.status, first.json.deduplicated]).toEqual([201, false]);
    const second = await tokenize({ deduplicate: true, metadata: { customer_id: 'cus_second' } }, pan);
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ ...first.json, deduplicated: true });
    // Not deduplicating still makes a new token, and the body carries no `deduplicated`.
    const plain = await tokenize({}, pan);
    expect(plain.status).toBe(201);
    expect(plain.json.token).not.toBe(first.json.token);
    expect(plain.json).not.toHaveProperty('deduplicated');
    // The oldest is returned when there are several.
    const third = await tokenize({ deduplicate: true }, pan);
    expect(third.json.token).toBe(first.json.token);
  });

  it('the found token is shown as its 201 showed it: no token_format for a random token not asked for one, no empty metadata', async () => {
    const pan = freshPan();
    const first = await tokenize({ deduplicate: true }, pan);
    expect(first.status).toBe(201);
    expect(first.json).not.toHaveProperty('token_format');
    expect(first.json).not.toHaveProperty('metadata');
    const second = await tokenize({ deduplicate: true }, pan);
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ ...first.json, deduplicated: true });
    // Asked for a format, the answer names the found token's own.
    const named = await tokenize({ deduplicate: true, token_format: 'uuid' }, pan);
    expect(named.json).toEqual({ ...first.json, token_format: 'random', deduplicated: true });
  });

  it('a CVV gives the deduplicated token a fresh CVC session', async () => {
    const pan = freshPan();
    const first = await tokenize({ deduplicate: true, data: { cardNumber: pan, expirationMonth: '12', expirationYear: '2030', cvv: '123' } });
    const second = await tokenize({ deduplicate: true, data: { cardNumber: pan, expirationMonth: '12', expirationYear: '2030', cvv: '456' } });
    expect(second.status).toBe(200);
    expect(second.json.cvc_session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.json.cvc_session_id).not.toBe(first.json.cvc_session_id);
  });

  it('writes the call\'s audit row (200) and no token.created event', async () => {
    const pan = freshPan();
    const first = await tokenize({ deduplicate: true }, pan);
    const id = (await vault.runtime.db.prisma.token.findUniqueOrThrow({ where: { token: first.json.token }, select: { id: true } })).id;
    await tokenize({ deduplicate: true }, pan);
    await expect.poll(() => vault.runtime.db.prisma.auditLog.count({ where: { tokenId: id, action: 'tokenize' } })).toBe(2);
    const rows = await vault.runtime.db.prisma.auditLog.findMany({ where: { tokenId: id, action: 'tokenize' }, orderBy: { seq: 'asc' } });
    expect(rows.map((row) => row.statusCode)).toEqual([201, 200]);
    const events = await vault.runtime.db.prisma.webhookEvent.findMany({ where: { projectId: vault.tenants.test.projectId, type: 'token.created' } });
    expect(events.filter((event) => event.body.includes(first.json.token))).toHaveLength(1);
  });

  it('concurrent deduplicating calls for one new card agree on one token', async () => {
    const pan = freshPan();
    const responses = await Promise.all(Array.from({ length: 6 }, () => tokenize({ deduplicate: true }, pan)));
    expect(new Set(responses.map((response) => response.json.token)).size).toBe(1);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
  });

  it('a bank account with the same number but another type never matches a card, and bank tokens deduplicate too', async () => {
    const bank = { type: 'bank', data: { accountNumber: `00${String(Date.now()).slice(-10)}`, routingNumber: '110000000', accountType: 'checking' } };
    const first = await vault.call('POST', '/tokenize', { json: { ...bank, deduplicate: true } });
    const second = await vault.call('POST', '/tokenize', { json: { ...bank, deduplicate: true } });
    expect([first.status, second.status, second.json.token]).toEqual([201, 200, first.json.token]);
  });

  it('skips an expired or deleted token', async () => {
    const pan = freshPan();
    const expiring = await tokenize({ deduplicate: true, ttl_seconds: 60 }, pan);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const after = await tokenize({ deduplicate: true }, pan);
      expect(after.status).toBe(201);
      expect(after.json.token).not.toBe(expiring.json.token);
      await vault.runtime.db.prisma.token.update({ where: { token: after.json.token }, data: { deletedAt: new Date(), ciphertext: null } });
      const again = await tokenize({ deduplicate: true }, pan);
      expect(again.status).toBe(201);
      expect([expiring.json.token, after.json.token]).not.toContain(again.json.token);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a non-boolean deduplicate', async () => {
    const response = await tokenize({ deduplicate: 'yes' });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual([{ path: 'deduplicate', message: 'deduplicate must be a boolean' }]);
  });
});
