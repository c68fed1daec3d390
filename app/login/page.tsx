// GET /login — the dashboard sign-in (next-auth credentials, then the MFA step when it is on).
// The only query it takes is `callbackUrl`: anything else (an `email` or `password` a native form submit
// or a crafted link put in the address bar) is never rendered: the page redirects to itself without it.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '../../components/auth-card';
import { LoginForm } from '../../components/login-form';
import { currentDashboardUser } from '../../lib/dashboard/current-user';
import { loginPath, loginQueryIsClean } from '../../lib/dashboard/login-query';
import { safeCallbackPath } from '../../lib/dashboard/safe-callback-path';

export const metadata: Metadata = { title: 'Sign in — Vault', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const callbackUrl = safeCallbackPath(query.callbackUrl);
  if (!loginQueryIsClean(query)) redirect(loginPath(callbackUrl));
  if (await currentDashboardUser()) redirect(callbackUrl);
  return (
    <AuthCard title="Sign in to Vault" intro="The dashboard for your projects, API keys, tokens and audit log.">
      <LoginForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
