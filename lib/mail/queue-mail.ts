// Work that ends in a mail, done after the answer: a request never waits for SMTP (or for the outbox), so an
// answer that must not tell a registered address from an unknown one (forgot-password) takes the same time
// for both. A failure is logged (the mailer logs the mail id); nobody is waiting for it.
import type { Logger } from '../logger';

export function queueMail(logger: Pick<Logger, 'error'>, job: () => Promise<unknown>, label: string): void {
  setImmediate(() => {
    job().catch((error: unknown) => logger.error({ err: error, job: label }, 'queued mail failed'));
  });
}
