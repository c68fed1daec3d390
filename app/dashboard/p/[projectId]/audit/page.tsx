// GET /dashboard/p/{projectId}/audit — the audit log: filters in the URL (project, actor, action, outcome,
// dates), cursor pages, a drawer with every field, CSV export of exactly these filters and the chain check.
// Read through the same lib listing and presenter as GET /api/audit-logs (and audited like it).
import { AuditFilters, type AuditFilterValues } from '@/components/dashboard/audit/audit-filters';
import { AuditTable } from '@/components/dashboard/audit/audit-table';
import { VerifyChain } from '@/components/dashboard/audit/verify-chain';
import { ButtonLink } from '@/components/ui/button';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError } from '@/components/ui/form-field';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { listApplications } from '@/lib/applications/list-applications';
import { auditRowCursor } from '@/lib/audit/audit-row-cursor';
import { ZAuditLogQuerySchema } from '@/lib/audit/list-audit-logs';
import { managersOnly } from '@/lib/dashboard/roles';
import { VaultError } from '@/lib/core/errors';
import { listMembers } from '@/lib/members/list-members';
import { loadDashboardContext, single, type ProjectPageProps } from '../dashboard-context';
import { readAuditLogs, type AuditRowView } from '../read-audit-logs';

const FIELDS = ['project', 'actor', 'action', 'outcome', 'from', 'to'] as const;

/**
 * The API's query for the page's filters: `project` is a project id, `all`, or absent (this project);
 * dates are whole UTC days (from its first to its last millisecond, as the API's `from`/`to` are inclusive).
 */
function apiQuery(values: AuditFilterValues, currentProjectId: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (values.project !== 'all') query.project_id = values.project || currentProjectId;
  if (values.actor) query.actor = values.actor;
  if (values.action) query.action = values.action;
  if (values.outcome) query.outcome = values.outcome;
  if (values.from) query.from = /^\d{4}-\d\d-\d\d$/.test(values.from) ? `${values.from}T00:00:00.000Z` : values.from;
  if (values.to) query.to = /^\d{4}-\d\d-\d\d$/.test(values.to) ? `${values.to}T23:59:59.999Z` : values.to;
  return query;
}

export default async function AuditPage({ params, searchParams }: ProjectPageProps) {
  const { projectId } = await params;
  const context = await loadDashboardContext(projectId, '/audit');
  const search = await searchParams;
  const values: AuditFilterValues = Object.fromEntries(FIELDS.map((name) => [name, single(search[name])?.trim() || undefined]));
  const focus = single(search.row) || undefined;
  // A link to one row (the chain check's first broken row): the page that starts at it, all projects.
  const cursor = single(search.cursor) || (focus ? ((await auditRowCursor(context.runtime, { accountId: context.user.accountId, id: focus })) ?? undefined) : undefined);
  const query = apiQuery(values, context.project.id);

  const [members, applications] = await Promise.all([listMembers(context.runtime, { accountId: context.user.accountId }), listApplications(context.runtime, { accountId: context.user.accountId })]);
  const names: Record<string, string> = Object.fromEntries([
    ...members.map((member) => [member.id, member.name ? `${member.name} (${member.email})` : member.email]),
    ...applications.map((application) => [application.id, `${application.name} (application)`]),
    ...context.projects.map((project) => [project.id, project.name]),
  ]);

  const parsed = ZAuditLogQuerySchema.safeParse({ ...query, ...(cursor ? { cursor } : {}) });
  let rows: AuditRowView[] = [];
  let nextCursor: string | null = null;
  let problem: string | undefined;
  if (!parsed.success) problem = parsed.error.issues.map((issue) => issue.message).join(' ');
  else {
    try {
      ({ rows, nextCursor } = await readAuditLogs(context, parsed.data));
    } catch (error) {
      if (!(error instanceof VaultError) || error.status >= 500) throw error;
      problem = error.message;
    }
  }
  const exportHref = `/api/audit-logs/export?${new URLSearchParams(query).toString()}`;
  const basePath = `${context.base}/audit`;

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every call and management change, append-only and sealed into a hash chain. Times are UTC."
        actions={
          context.can.manage && (
            <ButtonLink href={exportHref} download data-testid="export-csv">
              Export CSV
            </ButtonLink>
          )
        }
      />
      {context.can.manage ? <VerifyChain basePath={basePath} /> : <ReadOnlyNotice>{managersOnly('export the audit log and verify its chain')}</ReadOnlyNotice>}
      {/* Keyed on the filters: "Clear" (a client navigation) must reset the fields' default values too. */}
      <AuditFilters
        key={JSON.stringify(values)}
        basePath={basePath}
        values={values}
        projects={context.projects.map(({ id, name }) => ({ id, name }))}
        currentProjectId={context.project.id}
        members={members.map((member) => ({ id: member.id, label: member.name ? `${member.name} (${member.email})` : member.email }))}
        applications={applications.map((application) => ({ id: application.id, label: application.name }))}
      />
      <FormError message={problem} />
      <Panel title="Audit rows" count={rows.length}>
        <AuditTable
          key={focus ?? "list"}
          rows={rows}
          names={names}
          focus={focus}
          empty={
            <EmptyState title="No audit rows match these filters." command={`curl "${context.runtime.config.APP_URL}/api/audit-logs?${new URLSearchParams(query).toString()}" \\\n  -H "Authorization: Bearer $VAULT_SESSION_TOKEN"`} commandLabel="audit log command">
              Widen the date range or choose all projects; the same listing is in the API:
            </EmptyState>
          }
        />
        <CursorPager basePath={basePath} params={{ ...values, cursor }} nextCursor={nextCursor} />
      </Panel>
    </>
  );
}
