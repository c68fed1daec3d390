// One Pay of the hosted checkout: the session must be payable (else 404/409/410, before the card is even
// validated, so a paid session never asks for a card), the card valid (400, no attempt used), and the
// charge claimed (exactly one concurrent Pay charges). Then the card is tokenized with its CVV in the
// session's project by the vault's own code (a token, a single-use CVC session and its audit row), charged
// through the merchant's processor, and the attempt recorded. Card data goes no further than the token
// and the processor: the result carries only the transaction id, brand and last 4.
// Card testing: every Pay counts against the client IP's and the session's limits first (429). The
// processor's answer is kept until it is recorded (./pending-charge.ts): if recording fails, the claim stays
// held and the next Pay records that answer instead of charging again (an approval answers 200 with the
// first transaction id; a decline is counted, then this Pay charges as usual).
// No card data reaches the processor before the charge's audit row (`checkout.charge`, the session as its
// resource) is committed: when it cannot be written the Pay answers 503, the claim goes back, nothing is sent.
// A setup session goes through the same limits, state checks, validation, claim and tokenization, and is
// then completed with its token instead of charged (./save-setup-card.ts).
import { writeAuditBeforeUse } from '../audit/write-audit-before-use';
import type { Runtime } from '../runtime/types';
import { checkoutStateError } from './checkout-state-error';
import { claimCheckoutCharge, releaseCheckoutCharge } from './claim-checkout-charge';
import { endCheckoutSessions } from './end-checkout-sessions';
import { getCheckoutSession, loadCheckoutSession, type PaymentCheckoutSessionRow } from './get-checkout-session';
import { limitCheckoutPayByIp, limitCheckoutPayBySession } from './limit-checkout-pay';
import { loadSessionMerchant } from './load-session-merchant';
import { forgetPendingCharge, holdChargeClaim, keepPendingCharge } from './pending-charge';
import { assertChargeDestination } from './processors/assert-charge-destination';
import { chargeWithProcessor, type ChargeResult } from './processors/charge';
import { recordCheckoutAttempt, type RecordedAttempt } from './record-checkout-attempt';
import { saveSetupCard, type SavedCard } from './save-setup-card';
import { ZPayCheckoutRequestSchema } from './schemas';
import { tokenizeCheckoutCard } from './tokenize-checkout-card';

export type ChargedCard = RecordedAttempt & {
  kind: 'charged';
  session: PaymentCheckoutSessionRow;
  result: ChargeResult;
  card: { brand: string | null; last4: string };
  tokenId: string;
};

/** A payment's charge (approved, declined or failed), or a setup session's saved card. */
export type PayResult = ChargedCard | SavedCard;

export async function payCheckoutSession(
  runtime: Runtime,
  options: {
    sessionId: string;
    body: unknown;
    requestId: string;
    ip: string | null;
    /** Filled in as soon as known, so the caller's audit row names the project, application and token. */
    audit: { projectId?: string | null; applicationId?: string | null; tokenId?: string | null };
  },
): Promise<PayResult> {
  await limitCheckoutPayByIp(runtime, options.ip);
  const { session, settled } = await loadCheckoutSession(runtime, options.sessionId, { requestId: options.requestId });
  if (session) Object.assign(options.audit, { projectId: session.projectId, applicationId: session.applicationId });
  if (session?.mode === 'payment' && settled?.result.outcome === 'approved') {
    // An earlier Pay was approved but not recorded; it is now: this Pay answers with that charge.
    options.audit.tokenId = settled.tokenId;
    return { kind: 'charged', status: settled.status, attempts: settled.attempts, session, result: settled.result, card: settled.card, tokenId: settled.tokenId };
  }
  if (session) await limitCheckoutPayBySession(runtime, session.id);
  if (!session || session.status !== 'open') throw checkoutStateError(session);
  const card = ZPayCheckoutRequestSchema.parse(options.body);
  const claim = await claimCheckoutCharge(runtime, session.id);
  let sentToProcessor = false;
  try {
    const merchant = await loadSessionMerchant(runtime, session);
    if (!merchant) {
      // Deleted since the session was made: nothing to charge through, the session ends (with its event).
      await runtime.db.sql.transaction((tx) => endCheckoutSessions(tx, 'expired', 'id = $1 AND charge_lock_id = $2', [session.id, claim.lockId]));
      throw checkoutStateError(await getCheckoutSession(runtime, session.id));
    }
    if (session.mode === 'setup') return await saveSetupCard(runtime, { session, merchant, claim, card, requestId: options.requestId, ip: options.ip, audit: options.audit });
    assertChargeDestination(merchant.processor, merchant.project, runtime.config.PROXY_REQUIRE_ALLOW_LIST);
    const token = await tokenizeCheckoutCard(runtime, { session, merchant, card, requestId: options.requestId, ip: options.ip });
    options.audit.tokenId = token.tokenId;
    const cardShown = { brand: token.brand ?? null, last4: token.last4 };
    await writeAuditBeforeUse(runtime, {
      action: 'checkout.charge',
      outcome: 'success',
      statusCode: 200,
      requestId: options.requestId,
      accountId: merchant.project.accountId,
      projectId: session.projectId,
      applicationId: session.applicationId,
      tokenId: token.tokenId,
      resource: `checkout_session:${session.id}`,
      ip: options.ip,
    });
    sentToProcessor = true;
    const result = await chargeWithProcessor(runtime, {
      processor: merchant.processor,
      projectId: session.projectId,
      testMode: session.testMode,
      token: token.token,
      cvcSessionId: token.cvc_session_id!,
      amount: session.amount,
      amountMinor: session.amountMinor,
      currency: session.currency,
      sessionId: session.id,
      merchantId: merchant.id,
      requestId: options.requestId,
    });
    // Kept before it is recorded, so a failed write (or a node dying now) never leads to a second charge.
    const pending = { lockId: claim.lockId, result, card: cardShown, tokenId: token.tokenId };
    const kept = await keepPendingCharge(runtime, session.id, { state: 'answered', ...pending }).then(
      () => true,
      (error: unknown) => {
        runtime.logger.error({ err: error, requestId: options.requestId, checkoutSessionId: session.id }, 'checkout charge answered: keeping its outcome until recorded failed');
        return false;
      },
    );
    let recorded: RecordedAttempt;
    try {
      recorded = await recordCheckoutAttempt(runtime, {
        session,
        lockId: claim.lockId,
        attemptsBefore: claim.attempts,
        result,
        card: cardShown,
        requestId: options.requestId,
      });
    } catch (error) {
      // The processor has answered (perhaps charged) but nothing is recorded: the claim stays held, so no
      // other Pay charges this session, and the kept answer is handed to the next reader to record.
      const handedOver = await keepPendingCharge(runtime, session.id, { state: 'unrecorded', ...pending }).then(
        () => true,
        () => false,
      );
      await holdChargeClaim(runtime, session.id, claim.lockId).catch(() => {});
      runtime.logger.error(
        { requestId: options.requestId, checkoutSessionId: session.id, outcome: result.outcome, kept: handedOver, ...(result.outcome === 'approved' ? { transactionId: result.transactionId } : {}) },
        'checkout charge answered but not recorded: its claim is held until the outcome is recorded',
      );
      throw error;
    }
    if (kept) await forgetPendingCharge(runtime, session.id).catch(() => {});
    return { ...recorded, kind: 'charged', session, result, card: cardShown, tokenId: token.tokenId };
  } finally {
    // Nothing reached the processor: the claim goes back and no attempt is used. Once the processor may
    // have been called, an unrecorded claim is left to lapse rather than risk a second charge.
    if (!sentToProcessor) await releaseCheckoutCharge(runtime, session.id, claim.lockId).catch(() => {});
  }
}
