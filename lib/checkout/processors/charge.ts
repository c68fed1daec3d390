// chargeWithProcessor: one payment attempt of a checkout session through the merchant's processor.
// Called by the pay endpoint after it has tokenized the customer's card (with a CVC session). Returns the
// outcome; never throws for anything the PSP does (declines, errors, time-outs, refused addresses), only
// for programming errors (unknown project or token, the sandbox outside a test project) and for the
// vault's own outages (database, store), which the caller maps to 503.
// Logged: one line with ids, outcome and reason. Never a card number, CVV, PSP header or PSP body.
import { PROJECT_KEY_COLUMNS } from '../../crypto/keyring';
import { readAllowedProxyHosts } from '../../outbound/proxy-host-allow-list';
import type { Runtime } from '../../runtime/types';
import { chargeHttp } from './http-processor';
import { failed, type ChargeOutcome, type ChargeResult } from './results';
import { chargeSandbox } from './sandbox';
import { createProcessorConfigSchema, type TProcessorConfig } from '../../merchants/processor-schemas';

export type { ChargeResult } from './results';

export type ChargeInput = {
  processor: TProcessorConfig;
  projectId: string;
  testMode: boolean;
  /** `tok_…` of the card being charged (a token of `projectId`). */
  token: string;
  cvcSessionId: string;
  /** The normalised decimal amount (`"10.50"`). */
  amount: string;
  amountMinor: bigint;
  /** Upper-case ISO 4217. */
  currency: string;
  /** The checkout session id (`cs_…`). */
  sessionId: string;
  merchantId: string;
  requestId: string;
};

export type ChargeRuntime = Pick<Runtime, 'db' | 'store' | 'keyring' | 'psp' | 'config' | 'allowedPrivateHosts' | 'logger'>;

export async function chargeWithProcessor(runtime: ChargeRuntime, input: ChargeInput): Promise<ChargeResult> {
  const project = await runtime.db.prisma.project.findUnique({
    where: { id: input.projectId },
    select: { ...PROJECT_KEY_COLUMNS, environment: true, allowedProxyHosts: true },
  });
  if (!project) throw new Error('chargeWithProcessor: unknown project');

  let outcome: ChargeOutcome & { pspStatus?: number };
  // Re-checked with this runtime's allow-list: a stored configuration may predate a rule or a config change.
  const checked = createProcessorConfigSchema(runtime.allowedPrivateHosts).safeParse(input.processor);
  if (!checked.success) {
    outcome = { result: failed(), reason: 'invalid_configuration' };
  } else if (checked.data.type === 'sandbox') {
    outcome = await chargeSandbox(runtime, { project, testMode: input.testMode, token: input.token, cvcSessionId: input.cvcSessionId });
  } else {
    outcome = await chargeHttp(runtime, {
      project,
      // Read with the project on every charge: a list changed since the merchant was saved applies at once.
      hostPolicy: { environment: project.environment, allowedProxyHosts: readAllowedProxyHosts(project.allowedProxyHosts) },
      config: checked.data,
      token: input.token,
      cvcSessionId: input.cvcSessionId,
      amountMinor: input.amountMinor,
      values: {
        amount: input.amount,
        amountMinor: input.amountMinor.toString(),
        currency: input.currency,
        sessionId: input.sessionId,
        merchantId: input.merchantId,
      },
    });
  }

  const { result, reason, pspStatus } = outcome;
  const line = {
    requestId: input.requestId,
    merchantId: input.merchantId,
    checkoutSessionId: input.sessionId,
    processor: input.processor.type,
    outcome: result.outcome,
    ...(result.outcome === 'approved' ? {} : { code: result.code }),
    reason,
    ...(pspStatus === undefined ? {} : { pspStatus }),
  };
  if (result.outcome === 'failed') runtime.logger.warn(line, 'checkout charge failed');
  else runtime.logger.info(line, 'checkout charge');
  return result;
}
