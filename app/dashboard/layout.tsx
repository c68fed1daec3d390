// /dashboard/* — signed-in pages: anyone without a live session is sent to /login first.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { SignOutButton } from '../../components/sign-out-button';
import { currentDashboardUser } from '../../lib/dashboard/current-user';

export const metadata: Metadata = { title: 'Dashboard — Vault' };
export const dynamic = 'force-dynamic';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await currentDashboardUser();
  if (!user) redirect('/login?callbackUrl=/dashboard');
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/5">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-6">
          <a href="/dashboard" aria-label="Dashboard home">
            <Logo />
          </a>
          <div className="flex min-w-0 items-center gap-4 text-sm">
            <span className="truncate text-zinc-400" data-testid="signed-in-user">
              {user.email} <span className="text-zinc-600">·</span> <span className="text-zinc-300">{user.role}</span>
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-6 py-10">{children}</main>
    </div>
  );
}
