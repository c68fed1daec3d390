// Request bodies and key tables shared by the integration tests.
import type { TestVault } from './test-vault';

/** A valid POST /tokenize card body; `data` overrides or adds card fields. */
export const cardRequest = (data: Record<string, unknown> = {}) => ({
  type: 'card',
  data: { cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', ...data },
});

/** Keys every tokenization endpoint refuses: [name, status, message, key of the test tenant]. */
export function refusedKeys(vault: () => TestVault): [string, number, string, () => string | null][] {
  return [
    ['missing key', 401, 'Invalid API key', () => null],
    ['unknown key', 401, 'Invalid API key', () => 'vk_test_000000000000000000000000000000ab'],
    ['garbage key', 401, 'Invalid API key', () => 'hello'],
    ['revoked key', 401, 'Invalid API key', () => vault().tenants.test.keys.revoked],
    ['key without tokenization', 403, 'Insufficient permissions', () => vault().tenants.test.keys.noPermission],
    ['provisioning-only key', 403, 'Insufficient permissions', () => vault().tenants.test.keys.provisioningOnly],
  ];
}
