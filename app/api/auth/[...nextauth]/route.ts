// GET|POST /api/auth/* — next-auth for the dashboard's sign-in (credentials, then the MFA step); its session
// cookie is the API's own `vault_session` (lib/dashboard/auth-options.ts).
import NextAuth from 'next-auth';
import { dashboardAuthOptions } from '@/lib/dashboard/auth-options';
import { errorResponse } from '@/lib/http/respond';
import { nulRefusalForForm } from '@/lib/core/reject-nul';
import { requestIdFor } from '@/lib/http/request-id';
import { getRuntime } from '@/lib/runtime/shared';

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context): Promise<Response> {
  // The sign-in form's fields reach the database: a NUL in them is a 400 here, as everywhere else.
  const refused = await nulRefusalForForm(request);
  if (refused) return errorResponse(refused, requestIdFor(request));
  return NextAuth(request as never, context as never, dashboardAuthOptions(await getRuntime()));
}

export { handler as GET, handler as POST };

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';
