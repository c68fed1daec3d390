// GET /dashboard/p/{projectId}/projects — Projects (being built).
import { PageHeader } from '../../../../../components/ui/panel';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function Page({ params }: ProjectPageProps) {
  const { projectId } = await params;
  await loadDashboardContext(projectId, '/projects');
  return <PageHeader title="Projects" />;
}
