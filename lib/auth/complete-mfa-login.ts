// The MFA step of a login: the mfa_token (an `mfa_pending` JWT, which opens nothing else) names the user;
// `check` proves the second factor; then the session starts. Failures are audited.
import { recordAudit } from '../audit/record-audit';
import { VaultError } from '../http/errors';
import type { PublicCall } from '../http/session-route';
import { startSession, verifyStepToken, type SessionUser } from './sessions';

export async function completeMfaLogin(call: PublicCall, mfaToken: string, check: (userId: string) => Promise<void>) {
  const claims = await verifyStepToken(call.runtime, mfaToken, 'mfa_pending');
  try {
    await check(claims.userId);
  } catch (error) {
    if (error instanceof VaultError) {
      await recordAudit(call.runtime, { action: 'auth.mfa_verify', outcome: 'failure', statusCode: error.status, requestId: call.requestId, userId: claims.userId, ip: call.ip });
    }
    throw error;
  }
  const user: SessionUser = await call.runtime.db.prisma.user.findUniqueOrThrow({
    where: { id: claims.userId },
    select: { id: true, accountId: true, email: true, name: true, role: true, mfaEnabled: true },
  });
  const session = await startSession(call.runtime, { user, ip: call.ip, userAgent: call.request.headers.get('user-agent') });
  return { ...session, user };
}
