// The http processor: the merchant's PSP request template, sent through the same pipeline as POST
// /proxy/transaction (sendToPsp): URL rules, connect-time address check, the token's data and the CVC
// session's code substituted with the format's escaping, time-out, masking. The checkout's own values
// (${amount} …) are substituted in the same pass with the same escaping. PSP behaviour never throws.
// A URL the project's destination allow-list (`allowed_proxy_hosts`; none: nowhere in production) refuses
// fails the attempt before the token is read, the CVC session used or anything connects (the Pay checks
// it first, see ./assert-charge-destination.ts; this is the charge's own guard).
import { VaultError } from '../../core/errors';
import type { Runtime } from '../../runtime/types';
import type { OutgoingBody } from '../../proxy/parse-proxy-request';
import { isProxyHostAllowed, type ProxyHostPolicy } from '../../outbound/proxy-host-allow-list';
import { parseProxyUrl } from '../../outbound/proxy-url';
import { sendToPsp, type TokenProject } from '../../proxy/send-to-psp';
import type { ExtraValues } from '../../proxy/placeholders';
import { mapPspAnswer } from './map-psp-answer';
import { withNumericAmountMinor } from './numeric-amount';
import { cvcUnavailableOrThrow, failed, type ChargeOutcome, type ChargeReason } from './results';
import type { ProcessorFormat, THttpProcessorConfig } from '../../merchants/processor-schemas';

const CONTENT_TYPES: Record<ProcessorFormat, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  xml: 'application/xml',
};

/** Network-level failures of the pipeline, by its error code. */
const FAILURE_REASONS: Partial<Record<string, ChargeReason>> = {
  invalid_proxy_url: 'refused_address',
  proxy_timeout: 'timeout',
  proxy_failed: 'network_error',
  // The template names a placeholder the token has no value for (e.g. ${accountNumber} on a card).
  validation_error: 'placeholder_without_value',
};

export async function chargeHttp(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'psp' | 'config' | 'allowedPrivateHosts'>,
  input: { project: TokenProject; hostPolicy: ProxyHostPolicy; config: THttpProcessorConfig; token: string; cvcSessionId: string; values: ExtraValues; amountMinor: bigint },
): Promise<ChargeOutcome & { pspStatus?: number }> {
  const { config } = input;
  let url: URL;
  try {
    url = parseProxyUrl(config.url, runtime.allowedPrivateHosts);
  } catch {
    return { result: failed(), reason: 'refused_url' };
  }
  if (!isProxyHostAllowed(url, input.hostPolicy, runtime.config.PROXY_REQUIRE_ALLOW_LIST)) {
    return { result: failed(), reason: 'proxy_host_not_allowed' };
  }
  const format = config.format ?? 'json';
  try {
    const answer = await sendToPsp(runtime, {
      project: input.project,
      token: input.token,
      cvcSessionId: input.cvcSessionId,
      url,
      method: config.method ?? 'POST',
      headers: withContentType(config.headers ?? {}, format),
      body: outgoingBody(format, config.body, input.amountMinor),
      extraValues: input.values,
    });
    const credentials = Object.values(config.headers ?? {});
    return { ...mapPspAnswer(config, { statusCode: answer.statusCode, body: answer.unmaskedBody }, answer.secrets, credentials), pspStatus: answer.statusCode };
  } catch (error) {
    const reason = error instanceof VaultError ? FAILURE_REASONS[error.code] : undefined;
    if (reason) return { result: failed(), reason };
    return cvcUnavailableOrThrow(error);
  }
}

function withContentType(headers: Record<string, string>, format: ProcessorFormat): Record<string, string> {
  const given = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  return given ? headers : { ...headers, 'content-type': CONTENT_TYPES[format] };
}

function outgoingBody(format: ProcessorFormat, body: THttpProcessorConfig['body'], amountMinor: bigint): OutgoingBody {
  if (format === 'json') return { format: 'json', value: withNumericAmountMinor(body, amountMinor) };
  // The schema guarantees a string for form and xml.
  if (typeof body !== 'string') throw new Error(`A ${format} processor body must be a string`);
  return { format, text: body };
}
