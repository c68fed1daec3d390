// Hybrid calls (spec, Authentication): `X-API-Key` authorizes; an `Authorization: Bearer <session JWT>`
// sent with it names the user for the audit row — when that user belongs to the key's account. A bearer
// token that is not a live session is refused (401) rather than silently ignored.
import type { ApiKeyPrincipal } from '../../api-keys/principal';
import type { Runtime } from '../../runtime/types';
import { authenticateSession } from '../../auth/sessions';

export async function hybridUserId(runtime: Pick<Runtime, 'db' | 'keyring' | 'config'>, request: Request, principal: ApiKeyPrincipal): Promise<string | null> {
  const authorization = request.headers.get('authorization');
  if (!authorization?.toLowerCase().startsWith('bearer ')) return null;
  const session = await authenticateSession(runtime, authorization.slice(7).trim() || null);
  return session.user.accountId === principal.project.accountId ? session.user.id : null;
}
