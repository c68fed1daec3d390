// GET /auth/mfa/verify-page — the page that asks for the MFA code after a password login
// (`?mfa_token=…` from POST /auth/login); it completes the login through POST /auth/mfa/verify.
import type { Metadata } from 'next';
import { Logo } from '../../../../components/logo';
import { MfaVerifyForm } from '../../../../components/mfa-verify-form';

export const metadata: Metadata = { title: 'Two-step verification' };
export const dynamic = 'force-dynamic';

export default async function MfaVerifyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.mfa_token === 'string' ? params.mfa_token : '';
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-8 px-6">
      <Logo />
      <section className="rounded-2xl border border-white/10 bg-zinc-900/60 p-8 shadow-2xl">
        <h1 className="text-2xl font-semibold text-white">Two-step verification</h1>
        <p className="mt-2 text-sm text-zinc-400">Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
        {token ? (
          <MfaVerifyForm mfaToken={token} />
        ) : (
          <p role="alert" className="mt-6 text-sm text-amber-300">
            This page needs the sign-in step from the login. Sign in again to get a new one.
          </p>
        )}
      </section>
    </main>
  );
}
