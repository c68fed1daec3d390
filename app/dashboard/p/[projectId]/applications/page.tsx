// GET /dashboard/p/{projectId}/applications — the project's applications (name, key prefix, permissions,
// 30-day usage, last used, created, a running key rotation's grace): create (key shown once), edit, rotate
// with a grace period, end the grace, delete. Read through listApplications + presentApplication, exactly as
// GET /api/applications?project_id answers; every change goes through that API.
import { ApplicationsTable } from '@/components/dashboard/applications/applications-table';
import { CreateApplicationDialog } from '@/components/dashboard/applications/create-application-dialog';
import { tokenizeCurl } from '@/components/dashboard/applications/tokenize-curl';
import { CodeLine } from '@/components/ui/code-line';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { listApplications } from '@/lib/applications/list-applications';
import { presentApplication } from '@/lib/applications/present-application';
import { managersOnly } from '@/lib/dashboard/roles';
import { getApplicationsCallsPerDay } from '@/lib/usage/get-applications-calls';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function ApplicationsPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const { runtime, user, project, can } = await loadDashboardContext(projectId, '/applications');
  const rows = await listApplications(runtime, { accountId: user.accountId, projectId: project.id });
  // Each application's calls per day over the last 30 days, counted as GET /api/usage?application_id counts
  // them, in one grouped query for the whole list.
  const usage = await getApplicationsCallsPerDay(runtime, { projectId: project.id, applicationIds: rows.map((row) => row.id) });
  const applications = rows.map((row) => ({ ...presentApplication(row), usage: usage.get(row.id) ?? [] }));
  const baseUrl = runtime.config.APP_URL;
  const create = can.manage ? <CreateApplicationDialog project={{ id: project.id, name: project.name, production: project.production, pubKey: project.pub_key }} baseUrl={baseUrl} /> : undefined;
  return (
    <>
      {/* The create dialog stays in the header even when the list is empty: in the empty state it unmounted
          on the refresh after the first create, and the once-only API key it held was never shown. */}
      <PageHeader title="Applications" description={`Server-side clients of ${project.name}: each has its own API key and permissions.`} actions={create} />
      {!can.manage && <ReadOnlyNotice>{managersOnly('create, edit, rotate and delete applications')}</ReadOnlyNotice>}
      <Panel title="Applications" count={applications.length}>
        {applications.length === 0 ? (
          <EmptyState title="No applications yet">
            <div className="space-y-3">
              <p>An application is a server of yours that tokenizes cards and proxies them to your payment processor with its own API key.{can.manage ? ' Create one here, or on the vault host from the command line (it goes to the account\'s first test project, or the first production one with --production):' : ''}</p>
              {can.manage && <CodeLine value={'npx vault app create --name "Checkout backend"'} label="CLI command" />}
              <p>Then tokenize a test card with its key:</p>
              <CodeLine value={tokenizeCurl(baseUrl, { production: project.production })} label="curl command" />
            </div>
          </EmptyState>
        ) : (
          <ApplicationsTable applications={applications} canManage={can.manage} />
        )}
      </Panel>
    </>
  );
}
