// GET /dashboard/p/{projectId}/audit — Audit log (being built).
import { PageHeader } from '../../../../../components/ui/panel';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function Page({ params }: ProjectPageProps) {
  const { projectId } = await params;
  await loadDashboardContext(projectId, '/audit');
  return <PageHeader title="Audit log" />;
}
