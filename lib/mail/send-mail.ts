// Outgoing mail: SMTP when SMTP_URL is set, otherwise the outbox folder. Messages carry reset tokens and
// codes, so the log line names the message by id and the recipient by domain only.
import nodemailer, { type SendMailOptions } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { randomBase62 } from '../crypto/random';
import type { Logger } from '../logger';
import { writeOutboxMessage } from './outbox';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type MailTransportKind = 'smtp' | 'outbox';
export type SentMail = { id: string; transport: MailTransportKind };

export type Mailer = {
  readonly transport: MailTransportKind;
  send(message: MailMessage): Promise<SentMail>;
};

/** Sending failed. Carries only the mail id and nodemailer's error code: SMTP replies may echo addresses. */
export class MailNotSentError extends Error {
  constructor(
    readonly mailId: string,
    readonly code: string | undefined,
  ) {
    super(`mail ${mailId} not sent${code ? ` (${code})` : ''}`);
    this.name = 'MailNotSentError';
  }
}

function domains(addresses: string): string {
  const found = addressparser(addresses, { flatten: true }).map(({ address }) => address.split('@').pop()?.toLowerCase() ?? '');
  return [...new Set(found.filter(Boolean))].join(',');
}

function compose(from: string, id: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    // Base64 for every text part: the outbox reader gets the text back byte for byte.
    text: { content: message.text, contentTransferEncoding: 'base64' },
    ...(message.html === undefined ? {} : { html: message.html }),
    textEncoding: 'base64',
    // The mail id in the Message-ID lets an operator match our log line with the SMTP server's.
    messageId: `<${id}@${domains(from) || 'vault.invalid'}>`,
  };
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const transport: MailTransportKind = options.smtpUrl ? 'smtp' : 'outbox';
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  async function deliver(id: string, mail: SendMailOptions): Promise<void> {
    if (smtp) {
      await smtp.sendMail(mail);
      return;
    }
    const { message } = await renderer.sendMail(mail);
    if (!Buffer.isBuffer(message)) throw new Error('stream transport did not return a buffer');
    await writeOutboxMessage(options.dataDir, id, message);
  }

  return {
    transport,
    async send(message) {
      const id = randomBase62(20);
      const fields = { mailId: id, transport, to_domain: domains(message.to) };
      try {
        await deliver(id, compose(options.from, id, message));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const errorCode = typeof code === 'string' ? code : undefined;
        options.logger.error({ ...fields, error_code: errorCode }, 'mail not sent');
        throw new MailNotSentError(id, errorCode);
      }
      options.logger.info(fields, 'mail sent');
      return { id, transport };
    },
  };
}
