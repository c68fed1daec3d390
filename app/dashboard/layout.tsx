// /dashboard/* — signed-in pages: anyone without a live session is sent to /login first. Provides the
// theme (light/dark, system by default) and the toasts; the shell is /dashboard/p/{projectId}/layout.tsx.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { DashboardProviders } from '../../components/dashboard/theme-provider';
import { currentDashboardUser } from '../../lib/dashboard/current-user';
import { NONCE_HEADER } from '../../lib/server/dashboard-csp';

export const metadata: Metadata = { title: 'Dashboard — Vault' };
export const dynamic = 'force-dynamic';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await currentDashboardUser();
  if (!user) redirect('/login?callbackUrl=/dashboard');
  // The theme script runs before paint, inline: it needs this request's CSP nonce (proxy.ts).
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return <DashboardProviders nonce={nonce}>{children}</DashboardProviders>;
}
