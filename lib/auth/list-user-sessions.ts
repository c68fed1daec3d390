// The signed-in user's live sign-in sessions (GET /api/user/sessions): not revoked, not expired and not idle
// for SESSION_IDLE_TIMEOUT_SECONDS — the rule authenticateSession applies — newest activity first. Pending
// MFA logins (kind `mfa_pending`) are not sessions and are never listed.
import type { Runtime } from '../runtime/types';

type SessionsRuntime = Pick<Runtime, 'db' | 'config'>;

/** Where-clause of a user's live sessions at `now`. */
export function liveSessionsOf(runtime: SessionsRuntime, userId: string, now: Date) {
  const idleSince = new Date(now.getTime() - runtime.config.SESSION_IDLE_TIMEOUT_SECONDS * 1000);
  return { userId, kind: 'session' as const, revokedAt: null, expiresAt: { gt: now }, lastSeenAt: { gt: idleSince } };
}

export type UserSessionView = { id: string; ip: string | null; user_agent: string | null; created_at: string; last_seen_at: string; expires_at: string; current: boolean };

export async function listUserSessions(runtime: SessionsRuntime, options: { userId: string; currentSessionId: string; now?: Date }): Promise<UserSessionView[]> {
  const rows = await runtime.db.prisma.session.findMany({
    where: liveSessionsOf(runtime, options.userId, options.now ?? new Date()),
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'desc' }],
    select: { id: true, ip: true, userAgent: true, createdAt: true, lastSeenAt: true, expiresAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    current: row.id === options.currentSessionId,
  }));
}
