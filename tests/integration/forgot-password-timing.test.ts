// POST /auth/forgot-password does not tell a registered address from an unknown one by its timing (issue 21):
// the mail is queued, never awaited inline, so both answer after the same work even when the SMTP relay is
// slow. Medians of alternating tries, compared within this one run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlowSmtp, type SlowSmtp } from '../helpers/slow-smtp';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedUsers, type TestUsers } from '../helpers/users';

/** A relay this slow to accept a message makes an inline send plain to see. */
const SMTP_DELAY_MS = 60;
const TRIES = 20;

let smtp: SlowSmtp;
let vault: TestVault;
let users: TestUsers;
beforeAll(async () => {
  smtp = await startSlowSmtp(SMTP_DELAY_MS);
  vault = await startTestVault({ env: { SMTP_URL: smtp.url } });
  users = await seedUsers(vault, 'forgot-timing');
});
afterAll(async () => {
  await vault?.close();
  await smtp?.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe('forgot-password timing', () => {
  it(`known and unknown addresses: the same answer, medians of ${TRIES} alternating tries within half the relay's delay of each other; the known one gets its mails`, async () => {
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    // One untimed call of each warms both paths.
    await vault.call('POST', '/auth/forgot-password', { key: null, json: { email: users.viewer.email } });
    await vault.call('POST', '/auth/forgot-password', { key: null, json: { email: 'warm-up-nobody@example.com' } });
    for (let attempt = 0; attempt < TRIES * 2; attempt++) {
      const kind = attempt % 2 === 0 ? 'known' : 'unknown';
      const email = kind === 'known' ? users.developer.email : `nobody-${attempt}@example.com`;
      const started = performance.now();
      const response = await vault.call('POST', '/auth/forgot-password', { key: null, json: { email } });
      times[kind].push(performance.now() - started);
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ success: true, message: 'If this email is registered, a reset link has been sent' });
    }
    const known = median(times.known);
    const unknown = median(times.unknown);
    // An inline send would add the relay's whole delay to every known try. The bound is absolute, not a
    // ratio: on a loaded machine a few milliseconds of noise on a 5 ms answer is not a leak (CI saw 9.3 vs
    // 5.8 ms), while a send awaited inline still fails it by a wide margin.
    expect(Math.abs(known - unknown), `median known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`).toBeLessThan(SMTP_DELAY_MS / 2);

    // The queued mails still go out: one per try to the registered address, none to an unknown one.
    await expect.poll(() => smtp.messages.filter((message) => message.includes(users.developer.email)).length, { timeout: 20_000 }).toBe(TRIES);
    expect(smtp.messages.some((message) => message.includes('nobody-'))).toBe(false);
  }, 120_000);
});
