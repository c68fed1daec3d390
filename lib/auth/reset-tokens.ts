// Single-use password reset tokens: random, stored as a keyed hash (keyring.hashSecret: a database writer
// cannot mint one), consumed atomically so two uses of one token
// cannot both succeed. Mailed links (forgotten password, invitations) set a password with the token alone;
// the `expired` token of a login whose password expired also needs the current password, so each door
// accepts only its own purposes.
import { randomBase62 } from '../crypto/random';
import { VaultError, messages } from '../core/errors';
import type { Runtime } from '../runtime/types';

export const FORGOT_PASSWORD_TTL_SECONDS = 60 * 60;

export type ResetPurpose = 'forgot' | 'invite' | 'expired';
/** The tokens POST /auth/reset-password (and the page that calls it) accepts. */
export const MAILED_PURPOSES = ['forgot', 'invite'] as const satisfies readonly ResetPurpose[];

export async function issueResetToken(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { userId: string; purpose: ResetPurpose; ttlSeconds: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBase62(40);
  const expiresAt = new Date(Date.now() + options.ttlSeconds * 1000);
  await runtime.db.prisma.passwordResetToken.create({
    data: { userId: options.userId, tokenHash: runtime.keyring.hashSecret(token), purpose: options.purpose, expiresAt },
  });
  return { token, expiresAt };
}

/** The live (unused, unexpired) token of one of `purposes`, without consuming it. */
export async function findResetTokenOrThrow<P extends ResetPurpose>(runtime: Pick<Runtime, 'db' | 'keyring'>, token: string, purposes: readonly P[]) {
  const row = await runtime.db.prisma.passwordResetToken.findUnique({
    where: { tokenHash: runtime.keyring.hashSecret(token) },
    select: { id: true, userId: true, expiresAt: true, usedAt: true, purpose: true, user: { select: { accountId: true } } },
  });
  if (!row || row.usedAt || row.expiresAt <= new Date() || !purposes.includes(row.purpose as P)) throw new VaultError('invalid_token', messages.invalidToken);
  const { user, ...rest } = row;
  return { ...rest, accountId: user.accountId, purpose: row.purpose as P };
}

/**
 * The page a mailed link opens (GET /reset-password), which sets the password via POST /auth/reset-password.
 * The token is in the fragment, which browsers never send: it stays out of proxy and access logs.
 */
export function passwordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password#token=${encodeURIComponent(token)}`;
}

/** Marks a token found by findResetTokenOrThrow used; of two concurrent uses only one wins. */
export async function consumeResetTokenOrThrow(runtime: Pick<Runtime, 'db'>, tokenId: string): Promise<void> {
  const { count } = await runtime.db.prisma.passwordResetToken.updateMany({
    where: { id: tokenId, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (count !== 1) throw new VaultError('invalid_token', messages.invalidToken);
}
