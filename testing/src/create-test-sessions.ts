// Test setup through the API, as a merchant's server does it: a collect session for Vault Elements and a
// hosted checkout session. Plain fetch (Node 18+); any answer but 201 throws with its status and body.

export interface CollectSessionOptions {
  /** Default all three. */
  fields?: ('card_number' | 'card_expiry' | 'card_cvc')[];
  /** 60–3600, default 900. */
  expiresInSeconds?: number;
  metadata?: Record<string, string>;
  /** A merchant of the key's project whose brand colour the fields use. */
  merchantId?: string;
  /** Production keys only: the X-Pub-Key header. */
  pubKey?: string;
}

export interface CollectSession {
  success: true;
  /** `cls_…`: `sessionId` for VaultElements(). */
  id: string;
  /** `clientSecret` for VaultElements(): shown once. */
  client_secret: string;
  parent_origin: string;
  expires_at: string;
  fields: string[];
}

export interface CheckoutSessionRequest {
  /** The application key (tokenization permission) of the merchant's project. */
  apiKey: string;
  /** The merchant's service key (`msk_test_…`). */
  serviceKey: string;
  merchantId: string;
  /** `payment` (default) or `setup` (save a card: no amount or currency). */
  mode?: 'payment' | 'setup';
  /** Payment mode: a decimal string, e.g. "10.50". */
  amount?: string;
  /** Payment mode: ISO 4217, e.g. "EUR". */
  currency?: string;
  merchantName?: string;
  successUrl: string;
  cancelUrl: string;
  errorUrl: string;
  /** Default `redirect`; popup, iframe and new_tab need `parentOrigin`. */
  embedMode?: 'redirect' | 'popup' | 'iframe' | 'new_tab';
  /** The exact origin of the page that opens the checkout. */
  parentOrigin?: string;
  expiresInSeconds?: number;
}

export interface CheckoutSession {
  success: true;
  /** `cs_…`. */
  sessionId: string;
  /** The hosted page: navigate to it (redirect) or pass it to VaultCheckout.open({ url }). */
  url: string;
  embedMode: 'redirect' | 'popup' | 'iframe' | 'new_tab';
  expiresAt: string;
}

async function post(vaultUrl: string, path: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const response = await fetch(`${vaultUrl.replace(/\/+$/, '')}${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** POST /collect-sessions: a collect session whose fields `parentOrigin` may mount. */
export async function createTestCollectSession(vaultUrl: string, apiKey: string, parentOrigin: string, options: CollectSessionOptions = {}): Promise<CollectSession> {
  const body = {
    parent_origin: parentOrigin,
    ...(options.fields ? { fields: options.fields } : {}),
    ...(options.expiresInSeconds === undefined ? {} : { expires_in_seconds: options.expiresInSeconds }),
    ...(options.metadata ? { metadata: options.metadata } : {}),
    ...(options.merchantId ? { merchant_id: options.merchantId } : {}),
  };
  const headers: Record<string, string> = { 'x-api-key': apiKey, ...(options.pubKey ? { 'x-pub-key': options.pubKey } : {}) };
  return (await post(vaultUrl, '/collect-sessions', headers, body)) as CollectSession;
}

/** POST /api/sessions/create: a hosted checkout session (the merchant's vault key and service key). */
export async function createTestCheckoutSession(vaultUrl: string, request: CheckoutSessionRequest): Promise<CheckoutSession> {
  const { apiKey, serviceKey, ...body } = request;
  return (await post(vaultUrl, '/api/sessions/create', { 'x-api-key': apiKey, 'x-service-api-key': serviceKey }, body)) as CheckoutSession;
}
