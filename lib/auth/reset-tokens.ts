// Single-use password reset tokens (forgotten password, invitations): random, mailed once, stored as
// SHA-256, consumed atomically so two uses of one link cannot both succeed.
import { sha256Hex } from '../crypto/hash';
import { randomBase62 } from '../crypto/random';
import { VaultError, messages } from '../http/errors';
import type { Runtime } from '../runtime';

export const FORGOT_PASSWORD_TTL_SECONDS = 60 * 60;

export async function issueResetToken(
  runtime: Pick<Runtime, 'db'>,
  options: { userId: string; purpose: 'forgot' | 'invite'; ttlSeconds: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBase62(40);
  const expiresAt = new Date(Date.now() + options.ttlSeconds * 1000);
  await runtime.db.prisma.passwordResetToken.create({
    data: { userId: options.userId, tokenHash: sha256Hex(token), purpose: options.purpose, expiresAt },
  });
  return { token, expiresAt };
}

/** The live (unused, unexpired) token, without consuming it. */
export async function findResetTokenOrThrow(runtime: Pick<Runtime, 'db'>, token: string) {
  const row = await runtime.db.prisma.passwordResetToken.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: { id: true, userId: true, expiresAt: true, usedAt: true, purpose: true },
  });
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw new VaultError('invalid_token', messages.invalidToken);
  return row;
}

/** The page a mailed link opens (GET /reset-password), which sets the password via POST /auth/reset-password. */
export function passwordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Marks the token used; only one caller can win. Returns the user it belongs to. */
export async function consumeResetTokenOrThrow(runtime: Pick<Runtime, 'db'>, token: string): Promise<string> {
  const row = await findResetTokenOrThrow(runtime, token);
  const { count } = await runtime.db.prisma.passwordResetToken.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (count !== 1) throw new VaultError('invalid_token', messages.invalidToken);
  return row.userId;
}
