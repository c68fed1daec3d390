// GET /dashboard/p/{projectId}/imports — bulk import of OpenPGP-encrypted card files (issue 26).
import { PageHeader } from '@/components/ui/panel';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function ImportsPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const { project } = await loadDashboardContext(projectId, '/imports');
  return <PageHeader title="Imports" description={`Bring cards into ${project.name} from an OpenPGP-encrypted file.`} />;
}
