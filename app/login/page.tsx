// GET /login — the dashboard sign-in (next-auth credentials, then the MFA step when it is on).
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '../../components/auth-card';
import { LoginForm } from '../../components/login-form';
import { currentDashboardUser } from '../../lib/dashboard/current-user';
import { safeCallbackPath } from '../../lib/dashboard/safe-callback-path';

export const metadata: Metadata = { title: 'Sign in — Vault' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  if (await currentDashboardUser()) redirect(callbackUrl);
  return (
    <AuthCard title="Sign in to Vault" intro="The dashboard for your projects, API keys, tokens and audit log.">
      <LoginForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
