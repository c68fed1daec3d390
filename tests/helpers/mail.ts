// The outbox mails to one address, waiting for queued ones (lib/mail/queue-mail.ts sends after the answer).
import { expect } from 'vitest';
import { readOutbox } from '../../lib/mail/outbox';

type OutboxMail = Awaited<ReturnType<typeof readOutbox>>[number];

export async function mailsTo(dataDir: string, email: string, atLeast = 1): Promise<OutboxMail[]> {
  const read = async () => (await readOutbox(dataDir)).filter((mail) => mail.to === email);
  await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(atLeast);
  return read();
}
