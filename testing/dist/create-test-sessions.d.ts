// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
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
/** POST /collect-sessions: a collect session whose fields `parentOrigin` may mount. */
export declare function createTestCollectSession(vaultUrl: string, apiKey: string, parentOrigin: string, options?: CollectSessionOptions): Promise<CollectSession>;
/** POST /api/sessions/create: a hosted checkout session (the merchant's vault key and service key). */
export declare function createTestCheckoutSession(vaultUrl: string, request: CheckoutSessionRequest): Promise<CheckoutSession>;
