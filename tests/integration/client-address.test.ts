// The client address behind proxies (TRUST_PROXY), end to end through the server: what the audit log
// records and what the per-IP login limit counts. Without a trusted proxy a caller's X-Forwarded-For is
// ignored; with one, the right-most address not written by a trusted hop is the client, so a forged
// left-most entry neither lands in the audit log nor escapes the per-IP limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVault, type TestVault } from '../helpers/test-vault';

async function auditedIp(vault: TestVault, headers: Record<string, string>): Promise<string | null> {
  const response = await vault.call('POST', '/auth/login', { key: null, json: { email: 'nobody@example.com', password: 'wrong password 1' }, headers });
  expect(response.status).toBe(401);
  const row = await vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });
  return row.ip;
}

// [TRUST_PROXY, [X-Forwarded-For sent, address recorded][]]
const table: [trustProxy: string, cases: [forwardedFor: string, recorded: string][]][] = [
  ['false', [['6.6.6.6', '127.0.0.1'], ['6.6.6.6, 198.51.100.7', '127.0.0.1'], ['', '127.0.0.1']]],
  ['1', [['198.51.100.7', '198.51.100.7'], ['6.6.6.6, 198.51.100.7', '198.51.100.7'], ['6.6.6.6, not-an-ip', '127.0.0.1'], ['[2001:db8::7]:4711', '2001:db8::7'], ['', '127.0.0.1']]],
  ['2', [['6.6.6.6, 198.51.100.7, 10.0.0.2', '198.51.100.7'], ['198.51.100.7', '198.51.100.7']]],
  ['127.0.0.1/32, 10.0.0.0/8', [['6.6.6.6, 198.51.100.7, 10.0.0.2', '198.51.100.7'], ['10.0.0.9, 10.0.0.2', '10.0.0.9'], ['6.6.6.6, 198.51.100.7', '198.51.100.7']]],
  ['192.0.2.0/24', [['6.6.6.6, 198.51.100.7', '127.0.0.1']]],
];

describe.each(table)('TRUST_PROXY=%s', (trustProxy, cases) => {
  let vault: TestVault;
  beforeAll(async () => {
    vault = await startTestVault({ env: { TRUST_PROXY: trustProxy } });
  });
  afterAll(() => vault?.close());

  it.each(cases)('X-Forwarded-For %j → audit ip %s', async (forwardedFor, expected) => {
    expect(await auditedIp(vault, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {})).toBe(expected);
  });
});

describe('the per-IP login limit counts the resolved client, not the forged entry', () => {
  let vault: TestVault;
  beforeAll(async () => {
    vault = await startTestVault({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => vault?.close());

  it('100 attempts with a new forged left-most entry each time, then 429; another client is not limited', async () => {
    const login = (forwardedFor: string, i: number) =>
      vault.call('POST', '/auth/login', { key: null, json: { email: `nobody-${i}@example.com`, password: 'wrong password 1' }, headers: { 'x-forwarded-for': forwardedFor } });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(`10.0.${i}.1, 198.51.100.9`, i)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(401));
    const limited = await login('10.0.200.1, 198.51.100.9', 200);
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'rate_limited', message: 'Too many requests' });
    expect((await login('198.51.100.10', 201)).status).toBe(401);
  });
});
