// What the dashboard's overview shows: the account, its projects, its live applications (key prefixes
// only) and the latest audit events. Plain data for the page; every read is scoped to the user's account.
import { listApplications } from '../applications/list-applications';
import { listAuditLogs, presentAuditRow, ZAuditLogQuerySchema } from '../audit/list-audit-logs';
import { listProjects } from '../projects/list-projects';
import type { Runtime } from '../runtime';

const RECENT_EVENTS = 8;

export async function loadDashboardOverview(runtime: Pick<Runtime, 'db' | 'keyring'>, options: { accountId: string; userId: string }) {
  const { prisma } = runtime.db;
  const [account, user, projects, applications, audit] = await Promise.all([
    prisma.account.findUniqueOrThrow({ where: { id: options.accountId }, select: { name: true } }),
    prisma.user.findUniqueOrThrow({ where: { id: options.userId }, select: { mfaEnabled: true, passwordChangedAt: true } }),
    listProjects(runtime, { accountId: options.accountId }),
    listApplications(runtime, { accountId: options.accountId }),
    listAuditLogs(runtime, { accountId: options.accountId, query: ZAuditLogQuerySchema.parse({ limit: RECENT_EVENTS }) }),
  ]);
  const projectNames = new Map(projects.map((project) => [project.id, project.name]));
  return {
    accountName: account.name,
    mfaEnabled: user.mfaEnabled,
    projects,
    applications: applications.map((application) => ({ ...application, projectName: projectNames.get(application.projectId) ?? '—' })),
    events: audit.rows.map(presentAuditRow),
  };
}

