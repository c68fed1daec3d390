import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { readOutbox } from './outbox';
import { createMailer, MailNotSentError } from './send-mail';

const FROM = 'Vault <no-reply@vault.test>';
const RESET_TEXT = 'Bonjour Zoë Müller,\n\nReset your password:\nhttps://vault.test/reset?token=abc&x=1\n\n— Vault';

let dataDir: string;
let lines: string[];

function mailer(smtpUrl?: string) {
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } });
  return createMailer({ smtpUrl, from: FROM, dataDir, logger });
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vault-mail-'));
  lines = [];
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('createMailer without SMTP', () => {
  it('writes an owner-only .eml file named <timestamp>-<id>.eml', async () => {
    const sent = await mailer().send({ to: 'zoe@example.com', subject: 'Reset', text: RESET_TEXT });
    expect(sent.transport).toBe('outbox');
    const dir = join(dataDir, 'outbox');
    const names = await readdir(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${sent.id}\\.eml$`));
    expect((await stat(join(dir, names[0]!))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('renders a real RFC 5322 message', async () => {
    const sent = await mailer().send({ to: 'zoe@example.com', subject: 'Reset', text: RESET_TEXT });
    const [mail] = await readOutbox(dataDir);
    const raw = await readFile(mail!.file, 'utf8');
    expect(raw).toMatch(/(^|\r\n)From: Vault <no-reply@vault\.test>\r\n/);
    expect(raw).toMatch(/\r\nTo: zoe@example\.com\r\n/);
    expect(raw).toContain(`Message-ID: <${sent.id}@vault.test>\r\n`);
    expect(raw).toMatch(/\r\nDate: .+\r\n/);
    expect(raw).toContain('MIME-Version: 1.0\r\n');
  });

  it('reads back recipient, subject and text exactly, with non-ASCII and a query string', async () => {
    const message = {
      to: 'Zoë Müller <zoe@example.com>',
      subject: 'Réinitialisez votre mot de passe — a subject long enough to be folded over several lines',
      text: RESET_TEXT,
      html: '<p>Reset: <a href="https://vault.test/reset?token=abc&amp;x=1">link</a></p>',
    };
    await mailer().send(message);
    const [mail, ...rest] = await readOutbox(dataDir);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ to: message.to, subject: message.subject, text: message.text });
  });

  it('reads back plain ASCII text, including a trailing newline', async () => {
    await mailer().send({ to: 'ops@example.com', subject: 'Code', text: 'Your code is 123456.\n' });
    const [mail] = await readOutbox(dataDir);
    expect(mail).toMatchObject({ to: 'ops@example.com', subject: 'Code', text: 'Your code is 123456.\n' });
  });

  it('returns messages oldest first', async () => {
    const sender = mailer();
    for (const n of [1, 2, 3]) await sender.send({ to: 'zoe@example.com', subject: `Mail ${n}`, text: `n=${n}` });
    expect((await readOutbox(dataDir)).map((mail) => mail.subject)).toEqual(['Mail 1', 'Mail 2', 'Mail 3']);
  });

  it('logs one line with id, transport and recipient domain, never the content or the address', async () => {
    const sent = await mailer().send({ to: 'Zoë Müller <zoe.secret@Example.com>', subject: 'Reset subject', text: RESET_TEXT });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 30, mailId: sent.id, transport: 'outbox', to_domain: 'example.com' });
    for (const secret of ['token=abc', 'Reset subject', 'Bonjour', 'zoe.secret', 'Zoë']) expect(lines[0]).not.toContain(secret);
  });

  it('fails with the mail id only, and logs no content, when the outbox cannot be written', async () => {
    await writeFile(join(dataDir, 'outbox'), 'not a folder');
    const error = await mailer()
      .send({ to: 'zoe@example.com', subject: 'Reset subject', text: RESET_TEXT })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailNotSentError);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 50, mailId: (error as MailNotSentError).mailId, to_domain: 'example.com' });
    for (const secret of ['token=abc', 'Reset subject', 'zoe@']) {
      expect(lines[0]).not.toContain(secret);
      expect((error as Error).message).not.toContain(secret);
    }
  });
});

describe('createMailer with SMTP_URL', () => {
  it('selects the SMTP transport (nothing is sent here)', () => {
    expect(mailer('smtp://127.0.0.1:1').transport).toBe('smtp');
    expect(mailer().transport).toBe('outbox');
  });
});

describe('readOutbox', () => {
  it('is empty before any mail was written', async () => {
    expect(await readOutbox(dataDir)).toEqual([]);
  });
});
