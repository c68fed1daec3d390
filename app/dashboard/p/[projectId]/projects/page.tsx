// GET /dashboard/p/{projectId}/projects — the account's projects (environment, created, destination
// allow-list, token settings): create, rename, rotate a production pub key, set the allow-list and the token
// settings (searchable metadata keys, retention), delete. Reached from the
// project switcher's "Manage projects…". Read through listProjects, as GET /api/projects answers.
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { CreateProjectDialog } from '@/components/dashboard/projects/create-project-dialog';
import { ProjectsTable } from '@/components/dashboard/projects/projects-table';
import { managersOnly } from '@/lib/dashboard/roles';
import { ALLOWED_PROXY_HOST_RULE, MAX_ALLOWED_PROXY_HOSTS } from '@/lib/outbound/proxy-host-allow-list';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function ProjectsPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const { projects, project, can } = await loadDashboardContext(projectId, '/projects');
  return (
    <>
      <PageHeader
        title="Projects"
        description="Each project keeps its own tokens, applications and keys. Production projects also have a pub key that their clients send with the API key."
        actions={can.manage ? <CreateProjectDialog /> : undefined}
      />
      {!can.manage && <ReadOnlyNotice>{managersOnly('create, rename and delete projects, rotate pub keys, set destination allow-lists and token settings')}</ReadOnlyNotice>}
      <Panel title="Projects" count={projects.length}>
        <ProjectsTable projects={projects} currentId={project.id} canManage={can.manage} hostRule={`Each line: ${ALLOWED_PROXY_HOST_RULE}; at most ${MAX_ALLOWED_PROXY_HOSTS} lines.`} />
      </Panel>
    </>
  );
}
