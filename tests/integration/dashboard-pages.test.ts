// The dashboard's server pages, rendered against a test vault with the signed-in user stubbed (next-auth's
// session reading needs Next's request scope; the real sign-in is tests/integration/dashboard-sign-in.test.ts
// and e2e/): a member whose account requires MFA is sent to the enrolment page before any data loads, and
// /login never renders credentials from its query (it redirects to itself without them).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardUser } from '../../lib/dashboard/auth-options';
import { startTestVault, type TestVault } from '../helpers/test-vault';
import { seedStranger } from '../helpers/accounts';
import { seedUsers, type TestUsers } from '../helpers/users';

const signedIn = vi.hoisted(() => ({ user: null as DashboardUser | null }));
vi.mock('../../lib/dashboard/current-user', () => ({ currentDashboardUser: async () => signedIn.user }));

const { default: DashboardPage } = await import('../../app/dashboard/page');
const { default: EnrolMfaPage } = await import('../../app/dashboard/enrol-mfa/page');
const { default: LoginPage } = await import('../../app/login/page');
const { loadDashboardContext } = await import('../../app/dashboard/p/[projectId]/dashboard-context');

let vault: TestVault;
let users: TestUsers;
beforeAll(async () => {
  vault = await startTestVault();
  users = await seedUsers(vault, 'pages');
});
afterAll(() => vault?.close());

const as = (role: 'owner' | 'developer'): DashboardUser => ({ id: users[role].id, email: users[role].email, name: null, role, accountId: users.accountId });
const setRequireMfa = (value: boolean) => vault.runtime.db.prisma.account.update({ where: { id: users.accountId }, data: { requireMfa: value } });

/** Where a server component redirected to (Next's `redirect()` throws), or null when it rendered. */
async function redirectOf(render: () => Promise<unknown>): Promise<string | null> {
  try {
    await render();
    return null;
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT;')) return digest.split(';')[2] ?? null;
    throw error;
  }
}

describe('the dashboard and require_mfa', () => {
  beforeEach(async () => {
    await setRequireMfa(false);
    await vault.runtime.db.prisma.user.update({ where: { id: users.owner.id }, data: { mfaEnabled: true } });
  });
  afterAll(() => setRequireMfa(false));

  /** /dashboard opens the account's first test project; its pages render (no redirect) for this member. */
  async function seesTheDashboard(): Promise<void> {
    const firstTest = await vault.runtime.db.prisma.project.findFirst({ where: { accountId: users.accountId, environment: 'test' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    expect(await redirectOf(() => DashboardPage())).toBe(`/dashboard/p/${firstTest!.id}`);
    expect(await redirectOf(() => loadDashboardContext(firstTest!.id))).toBeNull();
  }

  it('happy: without the requirement, a member without MFA sees the dashboard', async () => {
    signedIn.user = as('developer');
    await seesTheDashboard();
  });

  it('attack: with it, a member without MFA is sent to /dashboard/enrol-mfa before any data loads', async () => {
    await setRequireMfa(true);
    signedIn.user = as('developer');
    expect(await redirectOf(() => DashboardPage())).toBe('/dashboard/enrol-mfa');
    const project = await vault.runtime.db.prisma.project.findFirst({ where: { accountId: users.accountId } });
    expect(await redirectOf(() => loadDashboardContext(project!.id, '/tokens'))).toBe('/dashboard/enrol-mfa');
  });

  it('happy: a member with MFA still sees the dashboard; the enrolment page renders for whoever must enrol (no loop)', async () => {
    await setRequireMfa(true);
    signedIn.user = as('owner');
    await seesTheDashboard();
    signedIn.user = as('developer');
    expect(await redirectOf(() => EnrolMfaPage())).toBeNull();
  });

  it('attack: a project the account does not have (or not a UUID) is a 404, never another account\'s page', async () => {
    signedIn.user = as('owner');
    const stranger = await seedStranger(vault);
    for (const projectId of [stranger.projectId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const error = await loadDashboardContext(projectId).then(() => null, (caught: { digest?: string }) => caught);
      expect(error?.digest).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
    }
  });

  it('error: no session → /login, from the dashboard and the enrolment page', async () => {
    signedIn.user = null;
    expect(await redirectOf(() => DashboardPage())).toBe('/login?callbackUrl=/dashboard');
    expect(await redirectOf(() => EnrolMfaPage())).toBe('/login?callbackUrl=%2Fdashboard%2Fenrol-mfa');
  });
});

describe('/login never renders credentials from its query', () => {
  const login = (query: Record<string, string | string[]>) => redirectOf(() => LoginPage({ searchParams: Promise.resolve(query) }));
  beforeEach(() => {
    signedIn.user = null;
  });

  it('happy: the form renders for /login and /login?callbackUrl=…', async () => {
    expect(await login({})).toBeNull();
    expect(await login({ callbackUrl: '/dashboard' })).toBeNull();
    expect(await login({ callbackUrl: '/checkout/cs_1' })).toBeNull();
  });

  it.each([
    [{ email: 'owner@example.com', password: 'hunter2hunter2' }, '/login'],
    [{ callbackUrl: '/dashboard', email: 'owner@example.com', password: 'hunter2hunter2' }, '/login'],
    [{ callbackUrl: '/checkout/cs_1', password: 'hunter2hunter2' }, '/login?callbackUrl=%2Fcheckout%2Fcs_1'],
    [{ code: '123456', mfa_token: 'eyJ.x.y' }, '/login'],
    [{ callbackUrl: ['/dashboard', 'https://evil.example'] }, '/login'],
  ])('attack: %j → redirected to %s', async (query, target) => {
    expect(await login(query)).toBe(target);
  });

  it('the redirect comes before anything else (even for a signed-in user)', async () => {
    signedIn.user = as('owner');
    expect(await login({ password: 'hunter2hunter2' })).toBe('/login');
    expect(await login({})).toBe('/dashboard');
  });
});
