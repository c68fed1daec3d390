// GET /login — the dashboard sign-in (next-auth credentials, then the MFA step when it is on).
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Logo } from '../../components/logo';
import { LoginForm } from '../../components/login-form';
import { currentDashboardUser } from '../../lib/dashboard/current-user';
import { safeCallbackPath } from '../../lib/dashboard/safe-callback-path';

export const metadata: Metadata = { title: 'Sign in — Vault' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  if (await currentDashboardUser()) redirect(callbackUrl);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-8 px-6 py-12">
      <a href="/" aria-label="Vault home" className="self-start">
        <Logo />
      </a>
      <section className="rounded-2xl border border-white/10 bg-zinc-900/60 p-8 shadow-2xl">
        <h1 className="text-2xl font-semibold text-white">Sign in to Vault</h1>
        <p className="mt-2 text-sm text-zinc-400">The dashboard for your projects, API keys, tokens and audit log.</p>
        <LoginForm callbackUrl={callbackUrl} />
      </section>
    </main>
  );
}
