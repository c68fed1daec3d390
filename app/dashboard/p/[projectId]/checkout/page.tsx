// GET /dashboard/p/{projectId}/checkout — Checkout (being built).
import { PageHeader } from '../../../../../components/ui/panel';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function Page({ params }: ProjectPageProps) {
  const { projectId } = await params;
  await loadDashboardContext(projectId, '/checkout');
  return <PageHeader title="Checkout" />;
}
