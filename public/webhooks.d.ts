// Types for Vault's webhook verification module ({APP_URL}/webhooks.js, or the `vault/webhooks` import).
// Copy this file beside webhooks.js when you copy the module into your project.

export type WebhookVerificationErrorCode =
  /** webhook-id, webhook-timestamp or webhook-signature is absent or empty. */
  | 'missing_headers'
  /** webhook-timestamp is not an integer, or webhook-signature has no well-formed `v1,<base64>` entry (or more than 10). */
  | 'malformed_header'
  /** webhook-timestamp is more than `toleranceSeconds` in the past (a replay, or a very late retry). */
  | 'timestamp_too_old'
  /** webhook-timestamp is more than `toleranceSeconds` in the future (check your clock). */
  | 'timestamp_too_new'
  /** No v1 signature matches any of the secrets: another sender, a changed body or a wrong secret. */
  | 'invalid_signature'
  /** A secret you passed is not `whsec_` + base64 (or bare base64) of at least 24 bytes; or no secret at all. */
  | 'invalid_secret'
  /** The signature is valid but the body is not UTF-8 JSON. */
  | 'invalid_json';

export class WebhookVerificationError extends Error {
  constructor(code: WebhookVerificationErrorCode, message: string);
  readonly name: 'WebhookVerificationError';
  readonly code: WebhookVerificationErrorCode;
}

/** Node's `req.headers` fits the plain-object form; header names may be in any case. */
export type WebhookHeaders =
  | Headers
  | ReadonlyMap<string, string | readonly string[] | undefined>
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The request body exactly as received. */
export type WebhookRawBody = string | ArrayBuffer | ArrayBufferView;

export interface VerifyWebhookOptions {
  /** How far webhook-timestamp may be from now, either way. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The current time in milliseconds since the epoch. Default `Date.now()`. */
  now?: () => number;
}

/**
 * Verifies a Standard Webhooks v1 request from Vault and returns its parsed JSON event (typed as `T`, not
 * validated beyond the signature). Rejects with a WebhookVerificationError when it is not authentic or not
 * JSON, and with a TypeError when `rawBody` is not a string or bytes (e.g. an already parsed body).
 * `secrets`: the endpoint's `whsec_…` secret, or several during a rotation (any one may match).
 */
export function verifyWebhook<T = unknown>(
  rawBody: WebhookRawBody,
  headers: WebhookHeaders,
  secrets: string | readonly string[],
  options?: VerifyWebhookOptions,
): Promise<T>;
