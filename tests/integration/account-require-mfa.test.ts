// GET /api/account (any member) and PUT /api/account (owner only, audited), and what `require_mfa` does:
// members without MFA get 403 `mfa_enrollment_required` from every management route until they enrol;
// enrolment (POST /user/settings/mfa), the MFA status routes, /auth/verify and /auth/logout stay open; API
// keys are not affected. Tables: happy / error / attack.
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dashboardDetour, loadMfaEnrolment, MFA_ENROLMENT_PAGE } from '../../lib/dashboard/mfa-gate';
import { loginAs, seedStranger, type Stranger } from '../helpers/accounts';
import { cardRequest } from '../helpers/fixtures';
import { startTestVault, type ApiResponse, type TestVault } from '../helpers/test-vault';
import { seedUsers, type Role, type TestUsers } from '../helpers/users';

let vault: TestVault;
let users: TestUsers;
let tokens: Record<Role, string>;
let stranger: Stranger;
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'acct');
  tokens = {} as Record<Role, string>;
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) tokens[role] = await loginAs(vault, users[role].email);
  // The owner turns MFA on after signing in (the session stays valid), as an owner must before requiring it.
  await vault.runtime.db.prisma.user.update({ where: { id: users.owner.id }, data: { mfaEnabled: true } });
  stranger = await seedStranger(vault);
});
afterAll(() => vault?.close());

const as = (token: string, method: string, path: string, json?: unknown) => vault.call(method, path, { key: null, json, headers: { authorization: `Bearer ${token}` } });
const setRequireMfa = (value: boolean) => vault.runtime.db.prisma.account.update({ where: { id: users.accountId }, data: { requireMfa: value } });
const auditOf = (response: ApiResponse) => vault.runtime.db.prisma.auditLog.findFirstOrThrow({ where: { requestId: response.headers.get('x-request-id')! } });

function expectEnrolmentRequired(response: ApiResponse) {
  expect(response.status).toBe(403);
  expect(response.json.error.code).toBe('mfa_enrollment_required');
  expect(response.json).toEqual({ success: false, error: { code: 'mfa_enrollment_required', message: expect.stringContaining('/user/settings/mfa') }, request_id: expect.any(String) });
}

describe('GET /api/account', () => {
  beforeEach(() => setRequireMfa(false));

  it.each(['owner', 'admin', 'developer', 'viewer'] as const)('happy: %s sees their account', async (role) => {
    const response = await as(tokens[role], 'GET', '/api/account');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, data: { id: users.accountId, name: 'Integration tests', require_mfa: false, created_at: expect.any(String) } });
  });

  it('error: no session → 401', async () => {
    expect((await vault.call('GET', '/api/account', { key: null })).status).toBe(401);
    expect((await vault.call('GET', '/api/account')).status).toBe(401); // an API key is no session
  });

  it('attack: another account\'s owner sees only their own account', async () => {
    const response = await as(stranger.token, 'GET', '/api/account');
    expect(response.json.data).toMatchObject({ id: stranger.accountId, name: 'Stranger account', require_mfa: false });
  });
});

describe('PUT /api/account', () => {
  beforeEach(() => setRequireMfa(false));

  it('happy: the owner (with MFA) renames the account and requires MFA; both attempts are audited', async () => {
    const renamed = await as(tokens.owner, 'PUT', '/api/account', { name: '  Acme payments  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toMatchObject({ id: users.accountId, name: 'Acme payments', require_mfa: false });
    const required = await as(tokens.owner, 'PUT', '/api/account', { require_mfa: true });
    expect(required.json.data).toMatchObject({ name: 'Acme payments', require_mfa: true });
    expect((await as(tokens.owner, 'GET', '/api/account')).json.data.require_mfa).toBe(true);
    for (const response of [renamed, required]) {
      expect(await auditOf(response)).toMatchObject({ action: 'account.update', outcome: 'success', statusCode: 200, userId: users.owner.id, resource: `account:${users.accountId}` });
    }
    await as(tokens.owner, 'PUT', '/api/account', { name: 'Integration tests', require_mfa: false });
  });

  it.each([
    ['an empty body', {}],
    ['an unknown field', { require_mfa: true, allow_everything: true }],
    ['require_mfa not a boolean', { require_mfa: 'yes' }],
    ['an empty name', { name: '   ' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }],
  ])('error: %s → 400', async (_name, body) => {
    const response = await as(tokens.owner, 'PUT', '/api/account', body);
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('validation_error');
  });

  it('error: an owner without MFA cannot require it (403 mfa_enrollment_required, audited); they may still rename', async () => {
    await vault.runtime.db.prisma.user.update({ where: { id: users.owner.id }, data: { mfaEnabled: false } });
    try {
      const response = await as(tokens.owner, 'PUT', '/api/account', { require_mfa: true });
      expectEnrolmentRequired(response);
      expect(await auditOf(response)).toMatchObject({ action: 'account.update', outcome: 'failure', statusCode: 403 });
      expect((await as(tokens.owner, 'GET', '/api/account')).json.data.require_mfa).toBe(false);
      expect((await as(tokens.owner, 'PUT', '/api/account', { name: 'Integration tests' })).status).toBe(200);
    } finally {
      await vault.runtime.db.prisma.user.update({ where: { id: users.owner.id }, data: { mfaEnabled: true } });
    }
  });

  it.each(['admin', 'developer', 'viewer'] as const)('attack: %s → 403 Insufficient permissions, audited, nothing changes', async (role) => {
    await vault.runtime.db.prisma.user.update({ where: { id: users[role].id }, data: { mfaEnabled: true } });
    try {
      const response = await as(tokens[role], 'PUT', '/api/account', { require_mfa: true, name: 'Hijacked' });
      expect(response.status).toBe(403);
      expect(response.json.error).toEqual({ code: 'insufficient_permissions', message: 'Insufficient permissions' });
      expect(await auditOf(response)).toMatchObject({ action: 'account.update', outcome: 'failure', statusCode: 403, userId: users[role].id, resource: `account:${users.accountId}` });
      expect((await as(tokens.owner, 'GET', '/api/account')).json.data).toMatchObject({ name: 'Integration tests', require_mfa: false });
    } finally {
      await vault.runtime.db.prisma.user.update({ where: { id: users[role].id }, data: { mfaEnabled: false } });
    }
  });

  it('attack: another account\'s owner changes only their own account; no session → 401', async () => {
    await vault.runtime.db.prisma.user.update({ where: { id: stranger.userId }, data: { mfaEnabled: true } });
    const response = await as(stranger.token, 'PUT', '/api/account', { name: 'Mine', require_mfa: true });
    expect(response.json.data).toMatchObject({ id: stranger.accountId, name: 'Mine', require_mfa: true });
    expect((await as(tokens.owner, 'GET', '/api/account')).json.data).toMatchObject({ name: 'Integration tests', require_mfa: false });
    expect((await vault.call('PUT', '/api/account', { key: null, json: { name: 'x' } })).status).toBe(401);
  });
});

describe('require_mfa on: members without MFA must enrol first', () => {
  beforeAll(() => setRequireMfa(true));
  afterAll(() => setRequireMfa(false));

  const managementRoutes: [string, () => string, (() => unknown)?][] = [
    ['GET', () => '/api/account'],
    ['GET', () => '/api/projects'],
    ['GET', () => `/api/projects/${vault.tenants.test.projectId}`],
    ['PUT', () => `/api/projects/${vault.tenants.test.projectId}`, () => ({ name: 'Renamed' })],
    ['GET', () => '/api/applications'],
    ['POST', () => '/api/applications', () => ({ name: 'sneaky', project_id: vault.tenants.test.projectId, permissions: { tokenization: { allowed: true } } })],
    ['POST', () => `/api/applications/${vault.tenants.test.applicationId}/rotate-key`],
    ['GET', () => '/api/members'],
    ['POST', () => '/api/members', () => ({ email: 'new-member@example.com', role: 'viewer' })],
    ['GET', () => '/api/tokens'],
    ['DELETE', () => '/api/tokens/tok_AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['GET', () => '/api/audit-logs'],
    ['GET', () => '/api/merchants'],
    ['POST', () => '/test-tokens', () => cardRequest()],
    ['POST', () => '/auth/change-password', () => ({ current_password: 'x', new_password: 'y' })],
    ['GET', () => '/auth/password-expiry-info'],
  ];

  it.each(managementRoutes)('attack: an admin without MFA → 403 on %s %s, audited as access.denied', async (method, path, body) => {
    const response = await as(tokens.admin, method, path(), body?.());
    expectEnrolmentRequired(response);
    expect(await auditOf(response)).toMatchObject({ outcome: 'failure', statusCode: 403, userId: users.admin.id });
  });

  it('nothing was changed by the refused calls', async () => {
    expect(await vault.runtime.db.prisma.application.count({ where: { name: 'sneaky' } })).toBe(0);
    expect(await vault.runtime.db.prisma.user.count({ where: { email: 'new-member@example.com' } })).toBe(0);
    expect((await vault.runtime.db.prisma.project.findUniqueOrThrow({ where: { id: vault.tenants.test.projectId } })).name).toBe('Test project');
  });

  it('the refusal is written as access.denied naming the route', async () => {
    const response = await as(tokens.viewer, 'GET', '/api/projects');
    expect(await auditOf(response)).toMatchObject({ action: 'access.denied', resource: 'route:GET /api/projects', userId: users.viewer.id });
  });

  it('error: the enrolment doors stay open: verify, MFA status (both paths), starting setup', async () => {
    expect((await as(tokens.developer, 'GET', '/auth/verify')).status).toBe(200);
    expect((await as(tokens.developer, 'GET', '/auth/mfa/status')).json).toEqual({ success: true, enabled: false, backup_codes_remaining: 0 });
    expect((await as(tokens.developer, 'GET', '/mfa-status')).status).toBe(200);
    const setup = await as(tokens.developer, 'POST', '/user/settings/mfa', { enable: true });
    expect(setup.status).toBe(200);
    expect(setup.json.pending).toBe(true);
  });

  it('happy: members with MFA are not affected; API keys are not affected', async () => {
    expect((await as(tokens.owner, 'GET', '/api/projects')).status).toBe(200);
    expect((await vault.call('POST', '/tokenize', { json: cardRequest() })).status).toBe(201);
    expect((await vault.call('GET', '/api/applications/key')).status).toBe(200);
  });

  it('happy: enrolling (setup, then a first code) opens the management routes at once, with the same session', async () => {
    expectEnrolmentRequired(await as(tokens.viewer, 'GET', '/api/projects'));
    const setup = await as(tokens.viewer, 'POST', '/user/settings/mfa', { enable: true });
    const secret = new URL(setup.json.totp_uri).searchParams.get('secret')!;
    const intoStep = Date.now() % 30_000;
    if (intoStep > 29_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep + 50));
    const confirmed = await as(tokens.viewer, 'POST', '/user/settings/mfa', { enable: true, code: await generate({ secret }) });
    expect(confirmed.json).toEqual({ success: true, enabled: true, message: 'MFA enabled' });
    expect((await as(tokens.viewer, 'GET', '/api/projects')).status).toBe(200);
    expect(await dashboardDetour(vault.runtime, { id: users.viewer.id })).toBeNull();
  });

  it('logout stays open (the last door)', async () => {
    const token = await loginAs(vault, users.developer.email);
    expect((await as(token, 'POST', '/auth/logout')).status).toBe(200);
    expect((await as(token, 'GET', '/auth/verify')).status).toBe(401);
  });

  it('the dashboard sends a member who must enrol to the enrolment page, and no one else', async () => {
    expect(await loadMfaEnrolment(vault.runtime, { id: users.admin.id })).toEqual({ enabled: false, required: true });
    expect(await dashboardDetour(vault.runtime, { id: users.admin.id })).toBe(MFA_ENROLMENT_PAGE);
    expect(await dashboardDetour(vault.runtime, { id: users.owner.id })).toBeNull();
    expect(await dashboardDetour(vault.runtime, { id: stranger.userId })).toBeNull();
  });

  it('turning the requirement off opens the routes again', async () => {
    await as(tokens.owner, 'PUT', '/api/account', { require_mfa: false });
    expect((await as(tokens.admin, 'GET', '/api/projects')).status).toBe(200);
    expect(await dashboardDetour(vault.runtime, { id: users.admin.id })).toBeNull();
    await setRequireMfa(true);
  });
});
