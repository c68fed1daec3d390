// Session idle timeout (short value via config) and the per-IP login rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, TEST_PASSWORD, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
beforeAll(async () => {
  vault = await startTestVault({ env: { SESSION_IDLE_TIMEOUT_SECONDS: '2' } });
  users = await seedUsers(vault);
});
afterAll(() => vault?.close());

const login = (email: string, password = TEST_PASSWORD) => vault.call('POST', '/auth/login', { key: null, json: { email, password } });
const verify = (token: string) => vault.call('GET', '/auth/verify', { key: null, headers: { authorization: `Bearer ${token}` } });

describe('session idle timeout', () => {
  it('ends a session idle for SESSION_IDLE_TIMEOUT_SECONDS, before its JWT expires; activity keeps it alive', async () => {
    const { token } = (await login(users.admin.email)).json;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await verify(token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await verify(token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect((await verify(token)).status).toBe(401);
    expect((await verify(token)).status).toBe(401);
  });
});

describe('login rate limit', () => {
  it('allows 100 attempts per IP in 15 minutes, then answers 429 with Retry-After', async () => {
    // The idle-timeout test above made one attempt from this IP already.
    const attempts = await Promise.all(Array.from({ length: 99 }, (_, i) => login(`nobody-${i}@example.com`, 'wrong password 1')));
    expect(attempts.map((response) => response.status)).toEqual(Array(99).fill(401));
    const limited = await login(users.viewer.email);
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'rate_limited', message: 'Too many requests' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});
