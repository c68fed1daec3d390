// GET /dashboard — the signed-in overview: projects, applications (key prefixes only), recent audit events.
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { currentDashboardUser } from '../../lib/dashboard/current-user';
import { loadDashboardOverview } from '../../lib/dashboard/load-overview';
import { dashboardDetour } from '../../lib/dashboard/mfa-gate';
import { getRuntime } from '../../lib/runtime';

export const dynamic = 'force-dynamic';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export default async function DashboardPage() {
  // The layout and the page render concurrently: each checks the session itself.
  const user = await currentDashboardUser();
  if (!user) redirect('/login?callbackUrl=/dashboard');
  const runtime = await getRuntime();
  // A member whose account requires MFA enrols before seeing anything (as the API refuses them until then).
  const detour = await dashboardDetour(runtime, user);
  if (detour) redirect(detour);
  const overview = await loadDashboardOverview(runtime, { accountId: user.accountId, userId: user.id });
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-zinc-500">Account</p>
          <h1 className="text-3xl font-semibold tracking-tight text-white">{overview.accountName}</h1>
        </div>
        <p className={`rounded-full border px-3 py-1 text-xs font-medium ${overview.mfaEnabled ? 'border-emerald-400/30 text-emerald-300' : 'border-amber-400/30 text-amber-300'}`}>
          {overview.mfaEnabled ? 'Two-step verification on' : 'Two-step verification off'}
        </p>
      </div>

      <Panel title="Projects" count={overview.projects.length}>
        <Table head={['Name', 'Environment', 'Created']}>
          {overview.projects.map((project) => (
            <tr key={project.id}>
              <Cell strong>{project.name}</Cell>
              <Cell>
                <span className={project.production ? 'text-amber-300' : 'text-emerald-300'}>{project.production ? 'Production' : 'Test'}</span>
              </Cell>
              <Cell>{dateFormat.format(new Date(project.created_at))}</Cell>
            </tr>
          ))}
        </Table>
      </Panel>

      <Panel title="Applications" count={overview.applications.length}>
        {overview.applications.length === 0 ? (
          <p className="px-5 py-6 text-sm text-zinc-500">No applications yet. Create one with POST /api/applications.</p>
        ) : (
          <Table head={['Name', 'Project', 'Key', 'Permissions', 'Last used']}>
            {overview.applications.map((application) => (
              <tr key={application.id}>
                <Cell strong>{application.name}</Cell>
                <Cell>{application.projectName}</Cell>
                <Cell mono>{application.keyPrefix}…</Cell>
                <Cell>{[application.tokenization && 'tokenization', application.detokenize && 'detokenize', application.provisioning && 'provisioning'].filter(Boolean).join(', ') || 'none'}</Cell>
                <Cell>{application.lastUsedAt ? timeFormat.format(application.lastUsedAt) : 'Never'}</Cell>
              </tr>
            ))}
          </Table>
        )}
      </Panel>

      <Panel title="Recent activity" count={overview.events.length}>
        <Table head={['When (UTC)', 'Action', 'Outcome', 'Status']}>
          {overview.events.map((event) => (
            <tr key={event.id}>
              <Cell>{timeFormat.format(new Date(event.created_at))}</Cell>
              <Cell mono>{event.action}</Cell>
              <Cell>
                <span className={event.outcome === 'success' ? 'text-emerald-300' : 'text-rose-300'}>{event.outcome}</span>
              </Cell>
              <Cell mono>{event.status_code}</Cell>
            </tr>
          ))}
        </Table>
      </Panel>
    </div>
  );
}

function Panel({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section aria-label={title} className="overflow-hidden rounded-xl border border-white/10 bg-white/[0.015]">
      <h2 className="flex items-center gap-2 border-b border-white/5 px-5 py-3 text-sm font-semibold text-white">
        {title} <span className="rounded-full bg-white/5 px-2 text-xs font-medium text-zinc-400">{count}</span>
      </h2>
      {children}
    </section>
  );
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-zinc-500">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-5 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">{children}</tbody>
      </table>
    </div>
  );
}

function Cell({ children, strong, mono }: { children: ReactNode; strong?: boolean; mono?: boolean }) {
  return <td className={`px-5 py-2.5 whitespace-nowrap ${strong ? 'font-medium text-white' : 'text-zinc-400'} ${mono ? 'font-mono text-[13px]' : ''}`}>{children}</td>;
}
