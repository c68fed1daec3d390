// Management API calls as a signed-in user (Bearer JWT or the session cookie), and the exact error bodies
// the security and error tables compare against.
import { expect } from 'vitest';
import { loginAs, seedStranger, type Stranger } from './accounts';
import { startTestVault, type ApiResponse, type TestVault } from './test-vault';
import { seedUsers, type Role, type TestUsers } from './users';

export type ManagementCallOptions = { json?: unknown; headers?: Record<string, string>; cookie?: boolean };

/** A call with `jwt` as Bearer (or as the `vault_session` cookie), no API key; `jwt` null: no session at all. */
export function managementCall(vault: TestVault, jwt: string | null, method: string, path: string, options: ManagementCallOptions = {}): Promise<ApiResponse> {
  const auth: Record<string, string> = jwt === null ? {} : options.cookie ? { cookie: `vault_session=${jwt}` } : { authorization: `Bearer ${jwt}` };
  return vault.call(method, path, { key: null, json: options.json, headers: { ...auth, ...options.headers } });
}

export function expectError(response: ApiResponse, status: number, code: string, message: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.json).toEqual({ success: false, error: { code, message }, request_id: response.headers.get('x-request-id') });
}

/** A 400 naming one field. */
export function expectFieldError(response: ApiResponse, path: string, message: string): void {
  expect(response.status, response.text).toBe(400);
  expect(response.json).toEqual({
    success: false,
    error: { code: 'validation_error', message: `Invalid request: ${path}: ${message}`, fields: [{ path, message }] },
    request_id: response.headers.get('x-request-id'),
  });
}

/** The 401 of a route that needs a live session. */
export const expectUnauthorized = (response: ApiResponse) => expectError(response, 401, 'unauthorized', 'Authentication required');

export const ROLES: Role[] = ['owner', 'admin', 'developer', 'viewer'];
export type ManagementVault = { vault: TestVault; users: TestUsers; jwts: Record<Role, string>; stranger: Stranger };

/** A test vault with users of every role signed in (`jwts`) and another account's signed-in owner. */
export async function startManagementVault(prefix: string): Promise<ManagementVault> {
  const vault = await startTestVault();
  const users = await seedUsers(vault, prefix);
  const jwts = {} as Record<Role, string>;
  for (const role of ROLES) jwts[role] = await loginAs(vault, users[role].email);
  return { vault, users, jwts, stranger: await seedStranger(vault) };
}
