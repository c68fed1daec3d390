// For the token management tests: a fresh project with a full key (so a table's tokens are exactly its
// own), and the rows of the "wrong key" security table every token route shares.
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import type { TestVault } from './test-vault';

export type TokenProject = { projectId: string; key: string; applicationId: string };

export async function freshTokenProject(vault: TestVault, accountId: string, name: string): Promise<TokenProject> {
  const project = await createProject(vault.runtime, { accountId, name, environment: 'test' });
  const app = await createApplication(vault.runtime, { projectId: project.id, environment: 'test', name: `${name} app`, permissions: { tokenization: true, provisioning: false } });
  return { projectId: project.id, key: app.apiKey, applicationId: app.id };
}

/** [name, status, code, message, key] for keys that may not touch a token of the test project. */
export type KeyRefusal = [string, number, string, string, () => string];

export const keyRefusals = (vault: () => TestVault, strangerKey: () => string): KeyRefusal[] => [
  ['unknown key', 401, 'invalid_api_key', 'Invalid API key', () => 'vk_test_000000000000000000000000000000ab'],
  ['garbage key', 401, 'invalid_api_key', 'Invalid API key', () => 'hello'],
  ['revoked key', 401, 'invalid_api_key', 'Invalid API key', () => vault().tenants.test.keys.revoked],
  ['key without tokenization', 403, 'insufficient_permissions', 'Insufficient permissions', () => vault().tenants.test.keys.noPermission],
  ['provisioning-only key', 403, 'insufficient_permissions', 'Insufficient permissions', () => vault().tenants.test.keys.provisioningOnly],
  ['key of another project', 404, 'token_not_found', 'Token not found', () => vault().tenants.other.keys.full],
  ['key of another account', 404, 'token_not_found', 'Token not found', strangerKey],
];
