// /guides — the README and the guides of docs/, rendered from their Markdown. Public pages with the
// dashboard's theme (light/dark, system by default) and its nonce Content-Security-Policy (proxy.ts).
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { DashboardProviders } from '../../components/dashboard/theme-provider';
import { NONCE_HEADER } from '../../lib/server/dashboard-csp';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export default async function GuidesLayout({ children }: { children: ReactNode }) {
  // The theme script runs before paint, inline: it needs this request's CSP nonce (proxy.ts).
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return <DashboardProviders nonce={nonce}>{children}</DashboardProviders>;
}
