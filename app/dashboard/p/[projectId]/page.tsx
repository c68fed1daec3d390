// GET /dashboard/p/{projectId} — Overview (being built).
import { PageHeader } from '../../../../components/ui/panel';
import { loadDashboardContext, type ProjectPageProps } from './dashboard-context';

export default async function OverviewPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const context = await loadDashboardContext(projectId);
  return <PageHeader title="Overview" description={context.project.name} />;
}
