// POST /auth/forgot-password: a single-use reset link (valid 1 hour) mailed to a registered address. The
// answer must not tell a registered address from an unknown one, by its body or by its time: both paths do
// the same work before answering (the limits, one lookup, one audit row) and the token and mail are made
// after the answer (queueMail), so no SMTP round trip is ever awaited for one and not the other.
import { recordAudit } from '../audit/record-audit';
import { queueMail } from '../mail/queue-mail';
import type { Runtime } from '../runtime/types';
import { limitLoginAttempt } from './login-limits';
import { FORGOT_PASSWORD_TTL_SECONDS, issueResetToken, passwordLink } from './reset-tokens';

export async function requestPasswordReset(
  runtime: Pick<Runtime, 'db' | 'store' | 'config' | 'mailer' | 'audit' | 'logger' | 'keyring'>,
  options: { email: string; ip: string | null; requestId: string },
): Promise<void> {
  await limitLoginAttempt(runtime, { ip: options.ip, account: options.email });
  const user = await runtime.db.prisma.user.findUnique({ where: { email: options.email.toLowerCase() }, select: { id: true, email: true, accountId: true } });
  // An unknown email has no user and no account: that row is nobody's to list (as a failed sign-in's).
  await recordAudit(runtime, {
    action: 'auth.forgot_password',
    outcome: 'success',
    statusCode: 200,
    requestId: options.requestId,
    accountId: user?.accountId ?? null,
    userId: user?.id ?? null,
    ip: options.ip,
  });
  if (!user) return;
  queueMail(
    runtime.logger,
    async () => {
      const { token } = await issueResetToken(runtime, { userId: user.id, purpose: 'forgot', ttlSeconds: FORGOT_PASSWORD_TTL_SECONDS });
      await runtime.mailer.send({
        to: user.email,
        subject: 'Reset your Vault password',
        text: `Someone asked to reset the password of your Vault account.\n\nSet a new password within 1 hour: ${passwordLink(runtime.config.APP_URL, token)}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
      });
    },
    'forgot_password',
  );
}
