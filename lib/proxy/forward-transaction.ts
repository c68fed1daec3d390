// POST /proxy/transaction: inject the token's data (and a CVC session's code) into the caller's request,
// send it to the PSP over the pooled, address-checked dispatcher, and hand back the PSP's answer with
// any card number or security code it echoes masked.
import { request as undiciRequest } from 'undici';
import type { ApiKeyPrincipal } from '../accounts/authenticate-api-key';
import { VaultError } from '../http/errors';
import type { Runtime } from '../runtime';
import { takeCvc } from '../vault/cvc-sessions';
import { getTokenOrThrow } from '../vault/get-token';
import type { TokenPayload } from '../vault/token-payload';
import { classifyProxyFailure } from './dispatcher';
import { outgoingHeaders, withoutHopByHop } from './outgoing-headers';
import { createMasker, maskHeaders, maskJsonValue, type ResponseSecrets } from './mask-response';
import type { OutgoingBody, ProxyCall } from './parse-proxy-request';
import { findJsonPlaceholders, findPlaceholders, substituteForm, substituteJsonValue, substituteXml, type SecretValues } from './placeholders';
import { parseProxyUrl } from './proxy-url';

/** PSP responses above this size are refused rather than buffered (they are never legitimate). */
const MAX_PSP_RESPONSE_BYTES = 10 * 1024 * 1024;

export type ProxyResult = {
  success: boolean;
  proxy_response: { status_code: number; headers: Record<string, string | string[]>; body: unknown };
};

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

function serialise(body: OutgoingBody, values: SecretValues): string | undefined {
  switch (body.format) {
    case 'json':
      return JSON.stringify(substituteJsonValue(body.value, values));
    case 'form':
      return substituteForm(body.text, values);
    case 'xml':
      return substituteXml(body.text, values);
    case 'none':
      return undefined;
  }
}

export async function forwardTransaction(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'psp' | 'allowedPrivateHosts' | 'config'>,
  options: { principal: ApiKeyPrincipal; call: ProxyCall; onToken?: (tokenId: string) => void },
): Promise<ProxyResult> {
  const { principal, call } = options;
  const url = parseProxyUrl(call.proxyUrl, runtime.allowedPrivateHosts);
  if (usesSecurityCode(call.body) && !call.cvcSessionId) {
    throw new VaultError('cvc_session_required', 'cvc_session_id is required to use the ${cvv} placeholder');
  }
  const token = await getTokenOrThrow(runtime, { principal, token: call.token });
  options.onToken?.(token.id);
  const keys = runtime.keyring.projectKeys(principal.project.id, principal.project.wrappedDataKey);
  const cvv = call.cvcSessionId
    ? await takeCvc({ store: runtime.store, projectId: principal.project.id, encryptionKey: keys.encryption, tokenId: token.id, sessionId: call.cvcSessionId })
    : undefined;
  const values = secretValues(token.payload, cvv);
  const body = serialise(call.body, values);
  const secrets: ResponseSecrets = { pan: values.cardNumber, cvv, accountNumber: values.accountNumber };

  let response: Awaited<ReturnType<typeof undiciRequest>>;
  let raw: Buffer;
  try {
    response = await undiciRequest(url, {
      dispatcher: runtime.psp,
      method: call.method,
      headers: outgoingHeaders(call.headers),
      body,
      signal: AbortSignal.timeout(runtime.config.PROXY_TIMEOUT_MS),
    });
    raw = await readLimited(response.body);
  } catch (error) {
    throw classifyProxyFailure(error);
  }

  const text = raw.toString('utf8');
  const contentType = String(response.headers['content-type'] ?? '');
  const mask = createMasker(secrets);
  return {
    success: response.statusCode >= 200 && response.statusCode < 300,
    proxy_response: {
      status_code: response.statusCode,
      headers: maskHeaders(withoutHopByHop(response.headers as Record<string, string | string[]>), secrets, mask),
      body: maskedBody(text, contentType, secrets, mask),
    },
  };
}

/** JSON bodies come back parsed (masked value by value); anything else as masked text. */
function maskedBody(text: string, contentType: string, secrets: ResponseSecrets, mask: (text: string) => string): unknown {
  if (/\bjson\b/i.test(contentType) && text.trim()) {
    try {
      return maskJsonValue(JSON.parse(text), secrets, mask);
    } catch {
      // Declared JSON but is not: returned as text.
    }
  }
  return mask(text);
}

async function readLimited(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.byteLength;
    if (total > MAX_PSP_RESPONSE_BYTES) throw new Error('PSP response too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
