// GET /dashboard — opens the account's first test project (the oldest project when none is a test one).
import { redirect } from 'next/navigation';
import { currentDashboardUser } from '../../lib/dashboard/current-user';
import { dashboardDetour } from '../../lib/dashboard/mfa-gate';
import { getRuntime } from '../../lib/runtime/shared';

export const dynamic = 'force-dynamic';

export default async function DashboardPage() {
  const user = await currentDashboardUser();
  if (!user) redirect('/login?callbackUrl=/dashboard');
  const runtime = await getRuntime();
  const detour = await dashboardDetour(runtime, user);
  if (detour) redirect(detour);
  const projects = await runtime.db.prisma.project.findMany({
    where: { accountId: user.accountId },
    select: { id: true, environment: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const first = projects.find((project) => project.environment === 'test') ?? projects[0];
  if (!first) redirect('/dashboard/enrol-mfa');
  redirect(`/dashboard/p/${first.id}`);
}
