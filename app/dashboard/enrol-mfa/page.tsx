// GET /dashboard/enrol-mfa — turning two-step verification on (POST /user/settings/mfa). Where the
// dashboard sends a member whose account requires MFA (PUT /api/account `require_mfa`) until they enrol.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { PlainHeader } from '@/components/dashboard/plain-header';
import { MfaEnrolment } from '@/components/mfa-enrolment';
import { currentDashboardUser } from '@/lib/dashboard/current-user';
import { loadMfaEnrolment, MFA_ENROLMENT_PAGE } from '@/lib/dashboard/mfa-gate';
import { getRuntime } from '@/lib/runtime/shared';

export const metadata: Metadata = { title: 'Two-step verification — Vault', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

export default async function EnrolMfaPage() {
  const user = await currentDashboardUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(MFA_ENROLMENT_PAGE)}`);
  const { enabled, required } = await loadMfaEnrolment(await getRuntime(), user);
  return (
    <>
      <PlainHeader email={user.email} />
      <main className="px-4 py-10 sm:px-6">
    <section aria-label="Two-step verification" className="mx-auto max-w-xl space-y-4">
      <h1 className="text-3xl font-semibold tracking-tight text-strong">Two-step verification</h1>
      {required && (
        <p role="status" className="rounded-lg border border-warn/40 bg-warn/5 px-4 py-3 text-sm text-warn">
          Your account requires two-step verification. Turn it on to use the dashboard and the management API.
        </p>
      )}
      <MfaEnrolment alreadyEnabled={enabled} email={user.email} continueHref="/dashboard" />
    </section>
      </main>
    </>
  );
}
