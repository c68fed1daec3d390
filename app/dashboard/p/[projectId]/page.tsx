// GET /dashboard/p/{projectId} — Overview: the project's calls per day over the last 30 days (all calls or
// one kind, success vs failure; the kind is in the URL), tokens stored, checkout sessions by status, the
// account's recent security events and recent activity. Read through getUsage (as GET /api/usage answers),
// getProjectStats and listAuditLogs (as GET /api/audit-logs answers).
import Link from 'next/link';
import { CallsFigure } from '@/components/dashboard/overview/calls-figure';
import { AuditRowsTable } from '@/components/dashboard/overview/audit-rows-table';
import { callsOfDay, failuresOfDay } from '@/components/dashboard/usage';
import { Badge, EnvironmentBadge } from '@/components/ui/badge';
import { PageHeader, Panel } from '@/components/ui/panel';
import { listAuditLogs, presentAuditRow, ZAuditLogQuerySchema } from '@/lib/audit/list-audit-logs';
import { getProjectStats } from '@/lib/usage/get-project-stats';
import { getUsage } from '@/lib/usage/get-usage';
import { USAGE_CATEGORIES, type UsageCategory } from '@/lib/usage/schemas';
import { loadDashboardContext, single, type ProjectPageProps } from './dashboard-context';

const RECENT_ACTIVITY = 8;

const CATEGORY_LABELS: Record<UsageCategory, string> = { tokenize: 'Tokenize', proxy: 'Proxy', detokenize: 'Detokenize', test_tokens: 'Test tokens' };

export default async function OverviewPage({ params, searchParams }: ProjectPageProps) {
  const { projectId } = await params;
  const context = await loadDashboardContext(projectId);
  const { runtime, user, project, base } = context;
  const asked = single((await searchParams).calls);
  const category = USAGE_CATEGORIES.find((candidate) => candidate === asked);
  const [usage, stats, activity, member] = await Promise.all([
    getUsage(runtime, { accountId: user.accountId, projectId: project.id }),
    getProjectStats(runtime, { accountId: user.accountId, projectId: project.id }),
    listAuditLogs(runtime, { accountId: user.accountId, query: ZAuditLogQuerySchema.parse({ limit: RECENT_ACTIVITY }) }),
    runtime.db.prisma.user.findUnique({ where: { id: user.id }, select: { mfaEnabled: true } }),
  ]);
  const days = usage.days.map((day) =>
    category ? { date: day.date, success: day[category].success, failure: day[category].failure } : { date: day.date, success: callsOfDay(day) - failuresOfDay(day), failure: failuresOfDay(day) },
  );
  const sessions = stats.checkoutSessionsByStatus;
  const sessionTotal = Object.values(sessions).reduce((sum, count) => sum + count, 0);
  return (
    <>
      <PageHeader
        title="Overview"
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {project.name} <EnvironmentBadge production={project.production} />
          </span>
        }
        actions={<Badge tone={member?.mfaEnabled ? 'ok' : 'warn'}>{member?.mfaEnabled ? 'Two-step verification on' : 'Two-step verification off'}</Badge>}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Tokens stored" value={stats.tokensStored} />
        <Stat label="Calls, last 30 days" value={days.reduce((sum, day) => sum + day.success + day.failure, 0)} />
        <Stat label="Checkout sessions" value={sessionTotal} />
      </div>
      <Panel
        title="Calls per day"
        actions={
          <nav aria-label="Kind of calls" className="flex flex-wrap gap-1">
            {[undefined, ...USAGE_CATEGORIES].map((kind) => (
              <Link
                key={kind ?? 'all'}
                href={kind ? `${base}?calls=${kind}` : base}
                aria-current={kind === category ? 'page' : undefined}
                className="rounded-md px-2 py-1 text-xs text-fg hover:bg-raised aria-[current=page]:bg-raised aria-[current=page]:font-medium aria-[current=page]:text-strong"
              >
                {kind ? CATEGORY_LABELS[kind] : 'All calls'}
              </Link>
            ))}
          </nav>
        }
      >
        <CallsFigure days={days} what={category ? `${CATEGORY_LABELS[category]} calls` : 'Calls'} from={usage.from} to={usage.to} />
      </Panel>
      <Panel title="Checkout sessions by status">
        <dl className="grid grid-cols-2 gap-4 px-5 py-4 sm:grid-cols-4">
          {Object.entries(sessions).map(([status, count]) => (
            <div key={status}>
              <dt className="text-xs capitalize text-muted">{status}</dt>
              <dd className="text-lg font-semibold text-strong">{count}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title="Recent security events" count={stats.recentSecurityEvents.length} actions={<AuditLink base={base} />}>
        <AuditRowsTable label="Recent security events" rows={stats.recentSecurityEvents} empty="No failed sign-ins, key rotations or role changes yet." />
      </Panel>
      <Panel title="Recent activity" count={activity.rows.length} actions={<AuditLink base={base} />}>
        <AuditRowsTable label="Recent activity" rows={activity.rows.map(presentAuditRow)} empty="Nothing happened yet." />
      </Panel>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <section aria-label={label} className="rounded-xl border border-line bg-surface px-5 py-4">
      <h2 className="text-xs text-muted">{label}</h2>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-strong">{value.toLocaleString('en')}</p>
    </section>
  );
}

function AuditLink({ base }: { base: string }) {
  return (
    <Link href={`${base}/audit`} className="text-xs text-accent underline-offset-2 hover:underline">
      Audit log
    </Link>
  );
}
