// GET /reset-password#token= — the page a mailed link opens (an invitation or a forgotten password). The
// token is in the fragment, so the server never sees it: the page reads it in the browser, checks it and
// lets the user choose a password (POST /auth/reset-password). An older link, `?token=`, is redirected to
// the same page with the token moved into the fragment (a 307 whose Location carries it).
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ResetPasswordFromLink } from '../../components/reset-password-from-link';

export const metadata: Metadata = { title: 'Choose a password — Vault', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const given = (await searchParams).token;
  if (typeof given === 'string' && given) redirect(`/reset-password#token=${encodeURIComponent(given)}`);
  return <ResetPasswordFromLink />;
}
