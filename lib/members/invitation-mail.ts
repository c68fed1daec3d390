// The invitation link of a member: a single-use `invite` reset token (valid INVITE_TTL_MS, stored only as
// its keyed hash, keyring.hashSecret) and the mail that carries it. Used by the invitation and by its
// resending; and the mail an address that already has an account gets instead (no link: nothing changes for it).
import { passwordLink } from '../auth/reset-tokens';
import { randomBase62 } from '../crypto/random';
import type { Runtime } from '../runtime/types';
import type { MemberRole } from './present-member';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new invitation token and the row to store for it (the token itself goes only into the mail). */
export function newInviteToken(runtime: Pick<Runtime, 'keyring'>): { token: string; row: { tokenHash: string; purpose: 'invite'; expiresAt: Date } } {
  const token = randomBase62(43);
  return { token, row: { tokenHash: runtime.keyring.hashSecret(token), purpose: 'invite', expiresAt: new Date(Date.now() + INVITE_TTL_MS) } };
}

export async function sendInvitationMail(runtime: Pick<Runtime, 'config' | 'mailer'>, options: { email: string; role: MemberRole; token: string }): Promise<void> {
  const link = passwordLink(runtime.config.APP_URL, options.token);
  await runtime.mailer.send({
    to: options.email,
    subject: 'You have been invited to the vault',
    text: `You have been invited to join an account on the vault as ${options.role}.\n\nChoose your password here (the link is valid for 7 days and works once):\n${link}\n\nIf you did not expect this invitation, ignore this mail.\n`,
  });
}

/** An invitation of an address that already belongs to an account: said by mail only, never in the answer. */
export async function alreadyRegisteredMail(runtime: Pick<Runtime, 'config' | 'mailer'>, options: { email: string; sameAccount: boolean }): Promise<void> {
  const what = options.sameAccount
    ? 'You are already a member of this account, so nothing changed. Sign in as usual'
    : 'This address already has an account on the vault, and an address belongs to one account only, so nothing changed. If you expected the invitation, ask for it at another address. Sign in to your own account';
  await runtime.mailer.send({
    to: options.email,
    subject: 'An invitation to the vault',
    text: `Someone invited ${options.email} to an account on the vault.\n\n${what}: ${runtime.config.APP_URL}/login\n\nIf you did not expect this, ignore this mail.\n`,
  });
}
