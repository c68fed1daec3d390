// Hosted checkout fixtures: merchants made through the product code, session bodies, and the two callers of
// the checkout API — the merchant's server (vault key + service key) and the customer's browser on the
// checkout page (same origin, no keys).
import { createMerchant } from '../../lib/merchants/create-merchant';
import type { TProcessorConfig } from '../../lib/merchants/processor-schemas';
import type { ApiResponse, TestVault } from './test-vault';

export type TestMerchant = { id: string; name: string; projectId: string; serviceApiKey: string };

/** A merchant of a project of the test account (sandbox unless told otherwise). */
export async function makeMerchant(vault: TestVault, options: { projectId?: string; processor?: TProcessorConfig; name?: string } = {}): Promise<TestMerchant> {
  const projectId = options.projectId ?? vault.tenants.test.projectId;
  const { accountId } = await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: { accountId: true } });
  const created = await createMerchant(vault.runtime, { accountId, projectId, name: options.name ?? 'Test Shop', processor: options.processor ?? { type: 'sandbox' } });
  return { id: created.id, name: created.name, projectId, serviceApiKey: created.serviceApiKey };
}

/** A valid POST /api/sessions/create body; `overrides` replace or add fields (undefined removes one). */
export function sessionBody(merchantId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    merchantId,
    amount: '10.50',
    currency: 'EUR',
    successUrl: 'https://shop.example/thanks?order=42',
    cancelUrl: 'https://shop.example/cart',
    errorUrl: 'https://shop.example/payment-error',
    ...overrides,
  };
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return body;
}

/** The merchant's server creating a session (the test tenant's vault key unless `key` is given). */
export function createSession(vault: TestVault, merchant: TestMerchant, overrides: Record<string, unknown> = {}, options: { key?: string | null; serviceKey?: string | null; headers?: Record<string, string> } = {}): Promise<ApiResponse> {
  const serviceKey = options.serviceKey === undefined ? merchant.serviceApiKey : options.serviceKey;
  return vault.call('POST', '/api/sessions/create', {
    key: options.key,
    json: sessionBody(merchant.id, overrides),
    headers: { ...(serviceKey === null ? {} : { 'x-service-api-key': serviceKey }), ...options.headers },
  });
}

/** A created session's id (asserting the 201). */
export async function openSession(vault: TestVault, merchant: TestMerchant, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await createSession(vault, merchant, overrides);
  if (response.status !== 201) throw new Error(`session not created: ${response.status} ${response.text}`);
  return response.json.sessionId;
}

/** The merchant's server reading a session. */
export function readSession(vault: TestVault, merchant: TestMerchant, sessionId: string, options: { key?: string | null; serviceKey?: string | null } = {}): Promise<ApiResponse> {
  const serviceKey = options.serviceKey === undefined ? merchant.serviceApiKey : options.serviceKey;
  return vault.call('GET', `/api/sessions/${sessionId}`, { key: options.key, headers: serviceKey === null ? {} : { 'x-service-api-key': serviceKey } });
}

export const CARD = { cardNumber: '4242 4242 4242 4242', expirationMonth: '12', expirationYear: '2030', cvc: '123', cardholderName: 'Jane Doe' };

/** The customer's browser on the checkout page: same origin as CHECKOUT_URL, no keys. */
export function customer(vault: TestVault, sessionId: string, action: 'pay' | 'cancel', options: { json?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResponse> {
  const origin = new URL(vault.runtime.config.CHECKOUT_URL).origin;
  return vault.call('POST', `/checkout/${sessionId}/${action}`, {
    key: null,
    json: options.json ?? (action === 'pay' ? CARD : undefined),
    headers: { origin, 'sec-fetch-site': 'same-origin', ...options.headers },
  });
}
