// The signed-in dashboard user of a page request, read through next-auth (which checks the session JWT
// exactly like the API guards: revocation, idle timeout), or null.
import { getServerSession } from 'next-auth/next';
import { cookies } from 'next/headers';
import { sessionIdOf } from '../auth/sessions';
import { SESSION_COOKIE } from '../http/session-cookie';
import { cache } from 'react';
import { getRuntime } from '../runtime/shared';
import { dashboardAuthOptions, type DashboardUser } from './auth-options';

/** Once per request render: the layout and the page both guard on it, with one session check between them. */
export const currentDashboardUser = cache(async (): Promise<DashboardUser | null> => {
  const session = await getServerSession(dashboardAuthOptions(await getRuntime()));
  const user = session?.user as Partial<DashboardUser> | undefined;
  return user?.id && user.accountId ? (user as DashboardUser) : null;
});

/**
 * The session row this browser signed in with (Settings marks it "This device"). Read from the cookie
 * rather than carried in next-auth's session, which the browser can fetch and which shows only the user.
 */
export const currentDashboardSessionId = cache(async (): Promise<string | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? sessionIdOf(await getRuntime(), token) : null;
});
