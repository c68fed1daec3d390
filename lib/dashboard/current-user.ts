// The signed-in dashboard user of a page request, read through next-auth (which checks the session JWT
// exactly like the API guards: revocation, idle timeout), or null.
import { getServerSession } from 'next-auth/next';
import { cache } from 'react';
import { getRuntime } from '../runtime';
import { dashboardAuthOptions, type DashboardUser } from './auth-options';

/** Once per request render: the layout and the page both guard on it, with one session check between them. */
export const currentDashboardUser = cache(async (): Promise<DashboardUser | null> => {
  const session = await getServerSession(dashboardAuthOptions(await getRuntime()));
  const user = session?.user as Partial<DashboardUser> | undefined;
  return user?.id && user.accountId ? (user as DashboardUser) : null;
});
