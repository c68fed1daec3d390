// GET /dashboard/p/{projectId}/settings — Settings (being built).
import { PageHeader } from '../../../../../components/ui/panel';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function Page({ params }: ProjectPageProps) {
  const { projectId } = await params;
  await loadDashboardContext(projectId, '/settings');
  return <PageHeader title="Settings" />;
}
