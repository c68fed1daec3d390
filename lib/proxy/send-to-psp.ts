// The one outbound pipeline for card data: load the token (and take its CVC session), substitute the
// placeholders with the escaping of the body's format, send over the pooled address-checked dispatcher
// with a time-out, and mask whatever the PSP echoes before anyone sees it. Used by POST
// /proxy/transaction and by the checkout's http processors, so both have exactly the same guarantees.
import type { AuditEntry } from '../core/audit-entry';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import type { ApiKeyPrincipal } from '../api-keys/principal';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { takeCvc } from '../vault/cvc-sessions';
import { getTokenOrThrow } from '../vault/get-token';
import type { TokenPayload } from '../vault/token-payload';
import { pspOutcomeOfFailure, pspOutcomeOfStatus, recordPspCall } from '../metrics/psp-metrics';
import { classifyProxyFailure } from '../outbound/dispatcher';
import { createMasker, maskHeaders, maskJsonValue, type ResponseSecrets } from './mask-response';
import { outgoingHeaders, withoutHopByHop } from './outgoing-headers';
import { exchangeWithPsp, type PspReply } from './psp-exchange';
import type { OutgoingBody } from './parse-proxy-request';
import {
  findJsonPlaceholders,
  findPlaceholders,
  substituteForm,
  substituteJsonValue,
  substituteXml,
  type ExtraValues,
  type SecretValues,
} from './placeholders';

/** PSP responses above this size are refused rather than buffered (they are never legitimate). */
const MAX_PSP_RESPONSE_BYTES = 10 * 1024 * 1024;

export type TokenProject = ProjectKeyRef;

export type PspCall = {
  /** The project the token and the CVC session must belong to. */
  project: TokenProject;
  token: string;
  cvcSessionId?: string;
  /** Already checked by `parseProxyUrl`; the dispatcher checks the address connected to. */
  url: URL;
  method: string;
  /** Headers for the PSP, before filtering (hop-by-hop and proxy-* headers are dropped). */
  headers: Record<string, string>;
  body: OutgoingBody;
  /** The caller's own non-secret placeholders (checkout: amount, currency …), escaped like the rest. */
  extraValues?: ExtraValues;
  onToken?: (tokenId: string) => void;
  /** The call's audit row, committed right after the token's read, before decryption (lib/vault/get-token.ts). */
  audit?: AuditEntry;
};

/** The PSP's answer with every secret of the call masked: JSON bodies parsed, anything else as text. */
export type PspAnswer = {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: unknown;
  /**
   * `body` before masking, for the vault's own decisions only (a checkout processor reads the transaction
   * id from it: masking the CVV's digits would corrupt an id that happens to contain them). Never
   * returned to a caller or logged; whatever is taken from it is masked with `secrets` first.
   */
  unmaskedBody: unknown;
  secrets: ResponseSecrets;
};

/**
 * The token's payload and, when a session is named, its CVV. A single-use session is consumed here,
 * atomically, whatever happens next. Unknown token → 404 token_not_found, an expired or deleted one → 404
 * token_expired / token_deleted (no CVC session used); unknown, expired, used or another token's session →
 * 404 cvc_session_not_found.
 */
export async function takeTokenSecrets(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring'>,
  options: { project: TokenProject; token: string; cvcSessionId?: string; onToken?: (tokenId: string) => void; audit?: AuditEntry },
): Promise<{ tokenId: string; payload: TokenPayload; cvv: string | undefined }> {
  const { project } = options;
  const token = await getTokenOrThrow(runtime, { principal: { project }, token: options.token, audit: options.audit });
  options.onToken?.(token.id);
  const cvv = options.cvcSessionId
    ? await takeCvc({
        store: runtime.store,
        projectId: project.id,
        keyFor: (version) => encryptionKeyForVersion(runtime, project, version),
        tokenId: token.id,
        sessionId: options.cvcSessionId,
      })
    : undefined;
  return { tokenId: token.id, payload: token.payload, cvv };
}

/**
 * Sends one call to a PSP. Throws VaultError: `cvc_session_required`, `token_not_found`, `token_expired`, `token_deleted`,
 * `cvc_session_not_found`, `validation_error` (a placeholder the token has no value for), and from the
 * network `invalid_proxy_url` (address refused at connect time), `proxy_timeout`, `proxy_failed`.
 * Whatever the PSP answers (any status) is returned.
 */
export async function sendToPsp(runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'psp' | 'config'>, call: PspCall): Promise<PspAnswer> {
  if (usesSecurityCode(call.body) && !call.cvcSessionId) {
    throw new VaultError('cvc_session_required', 'cvc_session_id is required to use the ${cvv} placeholder');
  }
  const { payload, cvv } = await takeTokenSecrets(runtime, call);
  const values = secretValues(payload, cvv);
  const body = serialise(call.body, values, call.extraValues);
  const secrets: ResponseSecrets = { pan: values.cardNumber, cvv, accountNumber: values.accountNumber };

  let reply: PspReply;
  const started = performance.now();
  try {
    reply = await exchangeWithPsp(runtime.psp, call.url, {
      method: call.method,
      headers: outgoingHeaders(call.headers),
      body,
      timeoutMs: runtime.config.PROXY_TIMEOUT_MS,
      maxBytes: MAX_PSP_RESPONSE_BYTES,
    });
  } catch (error) {
    const failure = classifyProxyFailure(error);
    recordPspCall(pspOutcomeOfFailure(failure), (performance.now() - started) / 1000);
    throw failure;
  }
  recordPspCall(pspOutcomeOfStatus(reply.statusCode), (performance.now() - started) / 1000);

  const answer = parseBody(reply.body.toString('utf8'), String(reply.headers['content-type'] ?? ''));
  const mask = createMasker(secrets);
  return {
    statusCode: reply.statusCode,
    headers: maskHeaders(withoutHopByHop(reply.headers), secrets, mask),
    body: 'json' in answer ? maskJsonValue(answer.json, secrets, mask) : mask(answer.text),
    unmaskedBody: 'json' in answer ? answer.json : answer.text,
    secrets,
  };
}

function secretValues(payload: TokenPayload, cvv: string | undefined): SecretValues {
  if (payload.type === 'card') {
    return { cardNumber: payload.cardNumber, expirationMonth: payload.expirationMonth, expirationYear: payload.expirationYear, cvv };
  }
  return { accountNumber: payload.accountNumber, routingNumber: payload.routingNumber, cvv };
}

function usesSecurityCode(body: OutgoingBody): boolean {
  if (body.format === 'none') return false;
  // Form bodies may carry placeholders percent-encoded; JSON values and XML text only in the raw form
  // (findJsonPlaceholders on a plain string looks for exactly that).
  const used = body.format === 'json' ? findJsonPlaceholders(body.value) : body.format === 'xml' ? findJsonPlaceholders(body.text) : findPlaceholders(body.text);
  return used.has('cvv');
}

function serialise(body: OutgoingBody, values: SecretValues, extra: ExtraValues = {}): string | undefined {
  switch (body.format) {
    case 'json':
      return JSON.stringify(substituteJsonValue(body.value, values, extra));
    case 'form':
      return substituteForm(body.text, values, extra);
    case 'xml':
      return substituteXml(body.text, values, extra);
    case 'none':
      return undefined;
  }
}

/** JSON bodies come back parsed (to be masked value by value); anything else as text. */
function parseBody(text: string, contentType: string): { json: unknown } | { text: string } {
  if (/\bjson\b/i.test(contentType) && text.trim()) {
    try {
      return { json: JSON.parse(text) as unknown };
    } catch {
      // Declared JSON but is not: returned as text.
    }
  }
  return { text };
}
