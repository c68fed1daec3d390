// Ending the signed-in user's own sessions: one by id (DELETE /api/user/sessions/{id}; the current one
// included, which signs the caller out), or every other one (DELETE /api/user/sessions). Another user's
// session, an unknown id and a session that is no longer live are the same 404. A revoked session's JWT is
// refused from the next request on (authenticateSession reads revoked_at).
import { VaultError } from '../core/errors';
import { isUuid } from '../core/uuid';
import type { Runtime } from '../runtime/types';
import { liveSessionsOf } from './list-user-sessions';

type SessionsRuntime = Pick<Runtime, 'db' | 'config'>;

export const sessionNotFound = () => new VaultError('not_found', 'Session not found');

export async function revokeUserSession(runtime: SessionsRuntime, options: { userId: string; sessionId: string; now?: Date }): Promise<void> {
  if (!isUuid(options.sessionId)) throw sessionNotFound();
  const now = options.now ?? new Date();
  const { count } = await runtime.db.prisma.session.updateMany({ where: { ...liveSessionsOf(runtime, options.userId, now), id: options.sessionId }, data: { revokedAt: now } });
  if (count !== 1) throw sessionNotFound();
}

/** Revokes the user's live sessions but `currentSessionId`; how many. */
export async function revokeOtherUserSessions(runtime: SessionsRuntime, options: { userId: string; currentSessionId: string; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const { count } = await runtime.db.prisma.session.updateMany({
    where: { ...liveSessionsOf(runtime, options.userId, now), id: { not: options.currentSessionId } },
    data: { revokedAt: now },
  });
  return count;
}
