// How an http processor's PSP answer becomes a charge result (the contract's table):
// - 2xx, the optional success rule holds and the transaction-id path yields a string or number → approved;
// - 2xx with a failed success rule, or any 4xx → declined `card_declined`, with the message at
//   decline_message_path when it is a non-empty string, else "Your card was declined";
// - 2xx without a usable transaction id, 5xx, and anything else (1xx, 3xx: redirects are never followed)
//   → failed `processor_error`.
// The answer is read unmasked (a CVV's digits inside an id or a compared value must not turn into `***`);
// what is taken from it is masked before it leaves: the decline message fully (card number, CVV, and the
// merchant's PSP credentials — the processor's header values, or any 8-character-or-longer part of one,
// should the PSP echo it, e.g. "invalid key sk_live_…" from `Bearer sk_live_…`), the transaction id for
// the card and account numbers only (a short CVV-like digit run in an id is no secret).
import { createCredentialMasker } from '../../proxy/mask-credentials';
import { createMasker, type ResponseSecrets } from '../../proxy/mask-response';
import { parseJsonPath, readJsonPath, type JsonPath } from '../../core/json-path';
import { approved, CARD_DECLINED_MESSAGE, declined, failed, type ChargeOutcome } from './results';
import type { THttpProcessorConfig } from '../../merchants/processor-schemas';

const TRANSACTION_ID_MAX_LENGTH = 255;
const DECLINE_MESSAGE_MAX_LENGTH = 200;

export function mapPspAnswer(
  config: Pick<THttpProcessorConfig, 'success' | 'transaction_id_path' | 'decline_message_path'>,
  answer: { statusCode: number; body: unknown },
  secrets: ResponseSecrets = {},
  credentials: readonly string[] = [],
): ChargeOutcome {
  const document = asDocument(answer.body);
  const { statusCode } = answer;
  const maskMessage = withoutCredentials(createMasker(secrets), credentials);
  if (statusCode >= 400 && statusCode < 500) return { result: declinedBy(config, document, maskMessage), reason: 'psp_4xx' };
  if (statusCode >= 500) return { result: failed(), reason: 'psp_5xx' };
  if (statusCode < 200 || statusCode >= 300) return { result: failed(), reason: 'psp_unexpected_status' };
  if (config.success && readJsonPath(document, path(config.success.path)) !== config.success.equals) {
    return { result: declinedBy(config, document, maskMessage), reason: 'success_rule_failed' };
  }
  const transactionId = transactionIdOf(readJsonPath(document, path(config.transaction_id_path)));
  if (transactionId === null) return { result: failed(), reason: 'missing_transaction_id' };
  const maskNumbers = createMasker({ pan: secrets.pan, accountNumber: secrets.accountNumber });
  return { result: approved(maskNumbers(transactionId)), reason: 'approved' };
}

/** Credentials become `***` whole, and wherever any 8-character-or-longer part of one appears (lib/proxy/mask-credentials.ts). */
function withoutCredentials(mask: (text: string) => string, credentials: readonly string[]): (text: string) => string {
  const maskCredentials = createCredentialMasker(credentials);
  return (text) => mask(maskCredentials(text));
}

/** A JSON body arrives parsed; one sent with another content type is parsed here when it is JSON. */
function asDocument(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function path(text: string): JsonPath {
  const parsed = parseJsonPath(text);
  // The schema has validated every path; reaching this is a programming error.
  if (parsed === null) throw new Error('Invalid JSON path in a processor configuration');
  return parsed;
}

function transactionIdOf(value: unknown): string | null {
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return null;
  return text !== '' && text.length <= TRANSACTION_ID_MAX_LENGTH ? text : null;
}

function declinedBy(config: Pick<THttpProcessorConfig, 'decline_message_path'>, document: unknown, mask: (text: string) => string) {
  const value = config.decline_message_path === undefined ? undefined : readJsonPath(document, path(config.decline_message_path));
  return declined('card_declined', declineMessage(value, mask) ?? CARD_DECLINED_MESSAGE);
}

/**
 * The PSP's message made safe to show: control characters out, whitespace folded, secrets masked (before
 * the length is capped, so a card number cut in half cannot escape the mask), length capped.
 */
export function declineMessage(value: unknown, mask: (text: string) => string = (text) => text): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = mask(value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim());
  if (text === '') return null;
  const characters = [...text];
  return characters.length <= DECLINE_MESSAGE_MAX_LENGTH ? text : `${characters.slice(0, DECLINE_MESSAGE_MAX_LENGTH - 1).join('')}…`;
}
