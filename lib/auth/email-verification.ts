// Registration with email verification: a 6-digit code (10 minutes, 5 tries) proves the address, and
// becomes a single-use registration ticket (30 minutes) for POST /auth/register. Codes and tickets live
// only in the store, as keyed hashes.
//
// Nothing here tells whether an email has an account: asking for a code answers the same for every email,
// and an email that already has an account is sent no code but a mail telling its owner that someone
// tried to register with it (so no code can be verified and no ticket exists for it; the code step answers
// `Invalid or expired verification code` as for any wrong code).
import { randomInt } from 'node:crypto';
import { constantTimeEqual, hmacSha256Hex } from '../crypto/hash';
import { randomBase62 } from '../crypto/random';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { encodeBound } from '../store/types';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_TRIES = 5;
export const TICKET_TTL_SECONDS = 30 * 60;

type Pending = { codeHash: string; tries: number; expiresAt: number };
type VerificationRuntime = Pick<Runtime, 'store' | 'keyring' | 'mailer'>;
type SendCodeRuntime = VerificationRuntime & Pick<Runtime, 'db' | 'config'>;

const normalise = (email: string) => email.trim().toLowerCase();
const keyOf = (runtime: VerificationRuntime, purpose: string, value: string) =>
  `${purpose}:${hmacSha256Hex(runtime.keyring.serviceKey('email-verification'), value)}`;

/** Mails a code to a new email; to an email that has an account, a note that someone tried to register it. */
export async function sendVerificationCode(runtime: SendCodeRuntime, rawEmail: string): Promise<void> {
  const email = normalise(rawEmail);
  const existing = await runtime.db.prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    await runtime.mailer.send({ to: email, subject: 'Someone tried to register with your email', text: registrationAttemptText(runtime.config.APP_URL) });
    return;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const pending: Pending = { codeHash: keyOf(runtime, 'code', `${email}:${code}`), tries: 0, expiresAt: Date.now() + CODE_TTL_SECONDS * 1000 };
  await runtime.store.set(keyOf(runtime, 'email-code', email), JSON.stringify(pending), CODE_TTL_SECONDS);
  await runtime.mailer.send({
    to: email,
    subject: 'Your Vault verification code',
    text: `Your verification code is ${code}\n\nIt is valid for 10 minutes. If you did not ask for it, ignore this message.\n`,
  });
}

/** The mail to an email that already has an account: no code, no account created, what to do. */
export function registrationAttemptText(appUrl: string): string {
  return [
    'Someone asked to register a new Vault account with this email address, which already has an account.',
    'No code was sent and no account was created.',
    '',
    `If it was you, sign in at ${appUrl}/login (you can reset a forgotten password there).`,
    'If it was not you, you can ignore this message: your account is unchanged.',
    '',
  ].join('\n');
}

/** A correct code (within 5 tries) → a single-use registration ticket for this email. */
export async function verifyEmailCode(runtime: VerificationRuntime, options: { email: string; code: string }): Promise<string> {
  const email = normalise(options.email);
  const key = keyOf(runtime, 'email-code', email);
  const stored = await runtime.store.get(key);
  const invalid = () => new VaultError('invalid_credentials', 'Invalid or expired verification code');
  if (!stored) throw invalid();
  const pending = JSON.parse(stored) as Pending;
  const remainingSeconds = Math.ceil((pending.expiresAt - Date.now()) / 1000);
  if (remainingSeconds <= 0) throw invalid();
  if (!/^\d{6}$/.test(options.code.trim()) || !constantTimeEqual(pending.codeHash, keyOf(runtime, 'code', `${email}:${options.code.trim()}`))) {
    const tries = pending.tries + 1;
    if (tries >= CODE_MAX_TRIES) await runtime.store.delete(key);
    else await runtime.store.set(key, JSON.stringify({ ...pending, tries }), remainingSeconds);
    throw invalid();
  }
  await runtime.store.delete(key);
  const ticket = randomBase62(40);
  await runtime.store.set(keyOf(runtime, 'registration-ticket', ticket), encodeBound(keyOf(runtime, 'email', email), 'once', '1'), TICKET_TTL_SECONDS);
  return ticket;
}

const ticketError = () => new VaultError('invalid_token', messages.invalidToken, [{ path: 'ticket', message: 'ticket is invalid, expired, used, or for another email' }]);

/**
 * The ticket is valid for exactly this email (without using it up): the first check of a registration,
 * before anything about the email, so an unticketed request learns nothing about it.
 */
export async function checkRegistrationTicket(runtime: VerificationRuntime, options: { email: string; ticket: string }): Promise<void> {
  const stored = await runtime.store.get(keyOf(runtime, 'registration-ticket', options.ticket));
  if (stored === null || !stored.startsWith(`${keyOf(runtime, 'email', normalise(options.email))}|`)) throw ticketError();
}

/** Uses the ticket (once) for exactly this email, or 400. */
export async function takeRegistrationTicket(runtime: VerificationRuntime, options: { email: string; ticket: string }): Promise<void> {
  const taken = await runtime.store.takeBound(keyOf(runtime, 'registration-ticket', options.ticket), keyOf(runtime, 'email', normalise(options.email)));
  if (taken === null) throw ticketError();
}
