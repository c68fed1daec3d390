// POST /collect-sessions/{id}/submit: the Elements card-number frame sends the fields' values straight to
// the vault (same origin as the frame). The vault checks the session (open, not expired), the client secret
// (its keyed hash, constant time; single use) and the page origin the browser reported to the frame, then
// tokenizes exactly as POST /tokenize does (same rules, same `tokenize` audit row in the token's statement)
// and records the result on the session. A submission that fails (wrong secret or origin, invalid card)
// counts against the session; the MAX_COLLECT_FAILURES-th expires it. One submission runs at a time per
// session (a claim in the store), so a double submit never makes two tokens.
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { PRINCIPAL_PROJECT_COLUMNS, principalProject } from '../api-keys/principal';
import { detectBrand, cvcError } from '../checkout/card-input';
import { VaultError, messages } from '../core/errors';
import { zodIssuesToFields } from '../core/zod-fields';
import type { Runtime } from '../runtime/types';
import { createToken } from '../vault/create-token';
import { MAX_COLLECT_FAILURES } from './collect-rules';
import { collectStatus, findCollectSession, type CollectSessionRow } from './read-collect-session';
import { ZSubmitCollectSessionRequest, type ZCollectSessionResult } from './schemas';

type SubmitRuntime = Pick<Runtime, 'db' | 'store' | 'keyring' | 'config'>;
type Audit = { projectId?: string | null; applicationId?: string | null; tokenId?: string | null };

const CLAIM_SECONDS = 30;

const expired = () => new VaultError('collect_session_expired', messages.collectSessionExpired);

/** Counts a failed submission; the last allowed one expires the session. */
async function countFailure(runtime: SubmitRuntime, sessionId: string): Promise<void> {
  await runtime.db.sql.query(
    `UPDATE collect_sessions SET failed_attempts = failed_attempts + 1,
       status = CASE WHEN failed_attempts + 1 >= $2 THEN 'expired'::"CollectStatus" ELSE status END
     WHERE id = $1 AND status = 'open'`,
    [sessionId, MAX_COLLECT_FAILURES],
  );
}

function secretMatches(runtime: SubmitRuntime, row: CollectSessionRow, secret: unknown): boolean {
  if (typeof secret !== 'string' || secret.length > 200) return false;
  const given = Buffer.from(runtime.keyring.hashSecret(secret));
  const stored = Buffer.from(row.clientSecretHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The card, validated; a CVC is required (and its length checked for the brand) when the session collects one. */
function readCard(row: CollectSessionRow, body: unknown) {
  const parsed = ZSubmitCollectSessionRequest.safeParse(body);
  if (!parsed.success) throw VaultError.validation(zodIssuesToFields(parsed.error));
  const card = parsed.data;
  if (row.fields.includes('card_cvc')) {
    const problem = cvcError(card.cvc ?? '', detectBrand(card.card_number));
    if (problem) throw VaultError.validation([{ path: 'cvc', message: card.cvc === undefined ? 'cvc is required' : problem }]);
  } else if (card.cvc !== undefined) {
    throw VaultError.validation([{ path: 'cvc', message: 'cvc is not collected by this session' }]);
  }
  return card;
}

export async function submitCollectSession(
  runtime: SubmitRuntime,
  options: { sessionId: string; body: () => unknown; requestId: string; ip: string | null; audit: Audit },
): Promise<z.output<typeof ZCollectSessionResult>> {
  const row = await findCollectSession(runtime, options.sessionId);
  if (!row) throw new VaultError('not_found', messages.collectSessionNotFound);
  Object.assign(options.audit, { projectId: row.projectId, applicationId: row.applicationId });
  if (collectStatus(row) === 'expired') throw expired();
  const body = options.body() as { client_secret?: unknown; parent_origin?: unknown } | null;
  // A used secret is as wrong as a forged one: the session has its token already.
  if (row.status !== 'open' || !secretMatches(runtime, row, body?.client_secret)) {
    if (row.status === 'open') await countFailure(runtime, row.id);
    throw new VaultError('invalid_client_secret', messages.invalidClientSecret);
  }
  if (body?.parent_origin !== row.parentOrigin) {
    await countFailure(runtime, row.id);
    throw new VaultError('forbidden_origin', 'The page hosting the fields is not this session\'s parent_origin');
  }
  let card: ReturnType<typeof readCard>;
  try {
    card = readCard(row, body);
  } catch (error) {
    await countFailure(runtime, row.id);
    throw error;
  }

  const claimKey = `collect-claim:${row.id}`;
  if (!(await runtime.store.setIfAbsent(claimKey, options.requestId, CLAIM_SECONDS))) {
    throw new VaultError('conflict', 'A submission for this collect session is already in progress');
  }
  try {
    // Read again under the claim: a submission that completed the session after the first read (and let go
    // of its claim) must not make a second token.
    const current = await findCollectSession(runtime, row.id);
    if (current && collectStatus(current) === 'expired') throw expired();
    if (current?.status !== 'open') throw new VaultError('invalid_client_secret', messages.invalidClientSecret);
    const project = await runtime.db.prisma.project.findUnique({ where: { id: row.projectId }, select: PRINCIPAL_PROJECT_COLUMNS });
    if (!project) throw new VaultError('not_found', messages.collectSessionNotFound);
    const created = await createToken(runtime, {
      principal: { project: principalProject(project), application: row.applicationId ? { id: row.applicationId } : null },
      payload: { type: 'card', cardNumber: card.card_number, expirationMonth: card.exp_month, expirationYear: card.exp_year },
      cvv: card.cvc,
      cvcSession: { mode: 'once', ttlSeconds: runtime.config.CVC_SESSION_TTL_SECONDS },
      testMode: row.testMode,
      audit: { action: 'tokenize', outcome: 'success', statusCode: 201, requestId: options.requestId, accountId: project.accountId, projectId: row.projectId, applicationId: row.applicationId, ip: options.ip },
    });
    options.audit.tokenId = created.tokenId;
    const brand = created.type === 'card' ? (created.brand ?? null) : null;
    // Started while open: it completes even if the deadline (or a parallel failed submission) ended the
    // session meanwhile, so its token is never orphaned; only a completed session is never overwritten.
    const completed = await runtime.db.prisma.collectSession.updateMany({
      where: { id: row.id, status: { not: 'completed' } },
      data: {
        status: 'completed', completedAt: new Date(), token: created.token, cvcSessionId: created.cvc_session_id ?? null, cardBrand: brand,
        cardLast4: created.last4, expMonth: card.exp_month, expYear: card.exp_year,
      },
    });
    if (completed.count !== 1) throw new VaultError('invalid_client_secret', messages.invalidClientSecret);
    return {
      success: true,
      token: created.token,
      ...(created.cvc_session_id ? { cvc_session_id: created.cvc_session_id } : {}),
      brand,
      last4: created.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    };
  } finally {
    await runtime.store.delete(claimKey).catch(() => {});
  }
}
