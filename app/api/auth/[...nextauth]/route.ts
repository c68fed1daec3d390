// GET|POST /api/auth/* — next-auth for the dashboard's sign-in (credentials, then the MFA step); its session
// cookie is the API's own `vault_session` (lib/dashboard/auth-options.ts).
import NextAuth from 'next-auth';
import { dashboardAuthOptions } from '../../../../lib/dashboard/auth-options';
import { getRuntime } from '../../../../lib/runtime';

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context): Promise<Response> {
  return NextAuth(request as never, context as never, dashboardAuthOptions(await getRuntime()));
}

export { handler as GET, handler as POST };

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
