// GET /auth/mfa/verify-page — the page that asks for the MFA code after a password login
// (`?mfa_token=…` from POST /auth/login); it completes the login through POST /auth/mfa/verify.
import type { Metadata } from 'next';
import { AuthCard } from '@/components/auth-card';
import { MfaVerifyForm } from '@/components/mfa-verify-form';

export const metadata: Metadata = { title: 'Two-step verification' };
export const dynamic = 'force-dynamic';

export default async function MfaVerifyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.mfa_token === 'string' ? params.mfa_token : '';
  return (
    <AuthCard title="Two-step verification" intro="Enter the 6-digit code from your authenticator app, or one of your backup codes.">
      {token ? (
        <MfaVerifyForm mfaToken={token} />
      ) : (
        <p role="alert" className="mt-6 text-sm text-amber-300">
          This page needs the sign-in step from the login. <a href="/login" className="underline underline-offset-4">Sign in</a> again to get a new one.
        </p>
      )}
    </AuthCard>
  );
}
