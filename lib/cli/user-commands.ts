// `vault user reset-password` and `vault user unlock`: an operator's recovery of a dashboard user (the work
// is in lib/auth). A generated password is printed once, on stdout; nothing else secret is printed.
import type { Config } from '../config';
import { resetPasswordByOperator } from '../auth/reset-password-by-operator';
import { unlockUser } from '../auth/unlock-user';
import type { Logger } from '../logger';
import { withCommandRuntime } from './with-runtime';
import { parseUserResetPasswordArgs, parseUserUnlockArgs } from './args';

/** The first line of stdin (`--password-stdin`, as `docker login` reads one): nothing on the command line or in the shell history. */
async function readPasswordFromStdin(): Promise<string> {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const password = input.split(/\r?\n/, 1)[0] ?? '';
  if (!password) throw new Error('--password-stdin: stdin held no password (pipe it in: `printf %s "$PASSWORD" | vault user reset-password …`)');
  return password;
}

export async function runUserResetPassword(argv: string[], config: Config, logger: Logger): Promise<number> {
  const args = parseUserResetPasswordArgs(argv);
  const newPassword = args.passwordStdin ? await readPasswordFromStdin() : undefined;
  return withCommandRuntime({ config, logger }, async (runtime) => {
    const reset = await resetPasswordByOperator(runtime, { email: args.email, newPassword, resetMfa: args.resetMfa });
    const email = args.email.trim().toLowerCase();
    process.stdout.write(
      [
        `Password of ${email} reset: lockout cleared, ${reset.sessionsEnded} session(s) ended${args.resetMfa ? ', MFA turned off (backup codes deleted)' : ''}.`,
        ...(reset.generatedPassword
          ? [`  One-time password: ${reset.generatedPassword}   (shown once)`, reset.mfaEnabled
              ? '  MFA stays on: sign in with it and a TOTP or backup code, then change the password (with MFA on it does not expire by itself).'
              : '  The first sign-in with it asks for a new password.']
          : []),
        '',
      ].join('\n'),
    );
    return 0;
  });
}

export async function runUserUnlock(argv: string[], config: Config, logger: Logger): Promise<number> {
  const args = parseUserUnlockArgs(argv);
  return withCommandRuntime({ config, logger }, async (runtime) => {
    const unlocked = await unlockUser(runtime, { email: args.email });
    const email = args.email.trim().toLowerCase();
    const before = unlocked.wasLockedForSeconds !== null
      ? `it was locked for ${Math.ceil(unlocked.wasLockedForSeconds / 60)} more minute(s)`
      : `it was not locked (${unlocked.failedLogins} failed sign-in(s) counted)`;
    process.stdout.write(`User ${email} unlocked: ${before}; the failed sign-in count starts again.\n`);
    return 0;
  });
}
