// GET /reset-password?token= — the page a mailed link opens (an invitation or a forgotten password): checks
// the link, then lets the user choose a password (POST /auth/reset-password).
import type { Metadata } from 'next';
import { AuthCard } from '../../components/auth-card';
import { NewPasswordForm } from '../../components/new-password-form';
import { MAILED_PURPOSES, findResetTokenOrThrow } from '../../lib/auth/reset-tokens';
import { getRuntime } from '../../lib/runtime';

export const metadata: Metadata = { title: 'Choose a password — Vault', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

async function linkPurpose(token: string): Promise<string | null> {
  if (!token) return null;
  try {
    return (await findResetTokenOrThrow(await getRuntime(), token, MAILED_PURPOSES)).purpose;
  } catch {
    return null;
  }
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const given = (await searchParams).token;
  const token = typeof given === 'string' ? given : '';
  const purpose = await linkPurpose(token);
  const invitation = purpose === 'invite';
  return (
    <AuthCard
      title={invitation ? 'Welcome to Vault' : 'Choose a new password'}
      intro={purpose && (invitation ? 'You were invited to an account. Choose your password to sign in.' : 'Set a new password for your account. Every signed-in session will end.')}
    >
      {purpose ? (
        <NewPasswordForm token={token} invitation={invitation} />
      ) : (
        <p role="alert" className="mt-4 text-sm text-amber-300">
          This link is invalid, expired or already used. <a href="/login" className="underline underline-offset-4">Sign in</a> or ask for a new one.
        </p>
      )}
    </AuthCard>
  );
}
