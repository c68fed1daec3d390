// The one error class of the API and its closed list of codes. Every error response is
// { success: false, error: { code, message }, request_id } with the status from this table.

export const errorStatus = {
  validation_error: 400,
  invalid_json: 400,
  invalid_proxy_url: 400,
  /** The project's allowed_proxy_hosts refuses the host: `Invalid proxy URL: <host> is not in this project's allowed_proxy_hosts`. */
  proxy_host_not_allowed: 400,
  invalid_token: 400,
  password_rejected: 400,
  cvc_session_required: 400,
  invalid_api_key: 401,
  invalid_service_api_key: 401,
  invalid_credentials: 401,
  unauthorized: 401,
  pub_key_required: 401,
  invalid_pub_key: 401,
  /** Vault Elements: a collect session's client secret that is wrong, of another session, or already used. */
  invalid_client_secret: 401,
  card_declined: 402,
  insufficient_funds: 402,
  insufficient_permissions: 403,
  merchant_mismatch: 403,
  forbidden_origin: 403,
  /** MAX_PROJECTS_PER_ACCOUNT reached. */
  project_limit_reached: 403,
  /** MAX_ENDPOINTS_PER_PROJECT (16) webhook endpoints in the project. */
  webhook_endpoint_limit_reached: 403,
  password_expired: 403,
  /** VAULT_REGISTRATION=closed: the three registration routes. */
  registration_closed: 403,
  mfa_enrollment_required: 403,
  /** Issue 26: exports and import keys need a session of an owner with MFA turned on (they signed in with it). */
  mfa_required: 403,
  not_found: 404,
  token_not_found: 404,
  /** Issue 25: a token past its expires_at or its project's token_retention_days (detokenize, proxy, checkout, PATCH). */
  token_expired: 404,
  /** Issue 25: a deleted (erased) token used by detokenize, proxy or checkout; the tokens API answers token_not_found. */
  token_deleted: 404,
  cvc_session_not_found: 404,
  method_not_allowed: 405,
  idempotency_in_progress: 409,
  conflict: 409,
  /** DELETE /api/applications/{id}/previous-key without a running grace period. */
  no_grace_period: 409,
  /** POST /api/members/{id}/resend-invitation for a member who has accepted the invitation. */
  not_invited: 409,
  /** POST /user/settings/mfa/backup-codes while MFA is off. */
  mfa_not_enabled: 409,
  session_completed: 409,
  session_cancelled: 409,
  attempts_exhausted: 409,
  payment_in_progress: 409,
  session_expired: 410,
  /** Vault Elements: a submit on a collect session past its expiry or its failed-submission limit. */
  collect_session_expired: 410,
  payload_too_large: 413,
  rate_limited: 429,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  internal_error: 500,
  proxy_failed: 502,
  processor_error: 502,
  service_unavailable: 503,
  proxy_timeout: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** One failing input field: `path` is dotted (`data.cardNumber`), `message` says what is wrong. */
export type FieldIssue = { path: string; message: string };

export class VaultError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: FieldIssue[];
  /** For 405: the methods the path does accept. */
  allow?: string;
  /** For 429 and locked accounts: seconds until a retry can succeed (Retry-After). */
  retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, fields?: FieldIssue[]) {
    super(message);
    this.name = 'VaultError';
    this.code = code;
    this.status = errorStatus[code];
    this.fields = fields;
  }

  /** A 400 naming the failing fields: the message lists them so it reads well on its own. */
  static validation(fields: FieldIssue[]): VaultError {
    const summary = fields.map((field) => (field.path ? `${field.path}: ${field.message}` : field.message)).join('; ');
    return new VaultError('validation_error', `Invalid request: ${summary}`, fields);
  }
}

/** The messages the spec fixes, used verbatim wherever these conditions arise. */
export const messages = {
  invalidApiKey: 'Invalid API key',
  insufficientPermissions: 'Insufficient permissions',
  pubKeyRequired: 'X-Pub-Key header is required for production API keys',
  invalidPubKey: 'Invalid pub key',
  invalidProxyUrl: 'Invalid proxy URL',
  tokenNotFound: 'Token not found',
  tokenExpired: 'Token expired',
  tokenDeleted: 'Token deleted',
  serviceUnavailable: 'Service temporarily unavailable',
  cvcSessionNotFound: 'CVC session expired or not found',
  proxyFailed: 'Failed to proxy request',
  proxyTimeout: 'Request timeout',
  invalidCredentials: 'Invalid email or password',
  unauthorized: 'Authentication required',
  tooManyRequests: 'Too many requests',
  invalidToken: 'Invalid or expired token',
  invalidServiceApiKey: 'Invalid service API key',
  checkoutNotFound: 'Checkout session not found',
  collectSessionNotFound: 'Collect session not found',
  collectSessionExpired: 'Collect session expired',
  invalidClientSecret: 'Invalid client secret',
  sessionCompleted: 'This checkout session has already been paid',
  sessionCancelled: 'This checkout session was cancelled',
  attemptsExhausted: 'Too many payment attempts',
  paymentInProgress: 'A payment for this session is already in progress',
  sessionExpired: 'This checkout session has expired',
  /** Issue 26: `mfa_required` (exports, import keys). */
  mfaRequired: 'This action needs a session verified with MFA: turn on MFA and sign in again',
} as const;
