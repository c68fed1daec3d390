// GET /dashboard/p/{projectId}/imports — bulk import of OpenPGP-encrypted card files (issue 26): the
// project's import keys (the owner creates one, its public key shown with a copy button for the sender, and
// revokes one after confirming), the upload (owners and admins), and the imports with a progress bar, their
// counts, the report and mapping downloads, and cancel. Read through listImportKeys and listImports exactly
// as GET /api/import-keys and GET /api/imports answer; every change goes through the API.
import { CreateImportKeyButton, ImportKeysTable } from '@/components/dashboard/imports/import-keys-panel';
import { ImportsTable } from '@/components/dashboard/imports/imports-table';
import { UploadImportForm } from '@/components/dashboard/imports/upload-import-form';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { listImportKeys } from '@/lib/imports/import-keys';
import { listImports } from '@/lib/imports/imports';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

const MFA_FIRST = 'Import keys need a session verified with MFA: turn on MFA (Settings) and sign in again.';

export default async function ImportsPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const { runtime, user, project, can } = await loadDashboardContext(projectId, '/imports');
  const [keys, page, me] = await Promise.all([
    can.manage ? listImportKeys(runtime, { projectId: project.id }) : Promise.resolve([]),
    listImports(runtime, { projectId: project.id, query: { limit: 50 } }),
    runtime.db.prisma.user.findUnique({ where: { id: user.id }, select: { mfaEnabled: true } }),
  ]);
  const activeKeys = keys.filter((key) => !key.revoked_at).length;
  const mfaMissing = can.owner && !me?.mfaEnabled;
  return (
    <>
      <PageHeader
        title="Imports"
        description={`Bring cards into ${project.name} from another vault or PSP: a CSV or JSON Lines file, OpenPGP-encrypted to one of the project's import keys. Each file is decrypted and verified whole before the first card is stored.`}
      />
      {!can.manage && <ReadOnlyNotice>Owners and admins can upload files and cancel imports; the owner manages the import keys.</ReadOnlyNotice>}
      {can.manage && (
        <Panel
          title="Import keys"
          count={keys.length}
          actions={can.owner ? <CreateImportKeyButton projectId={project.id} disabledReason={mfaMissing ? MFA_FIRST : undefined} /> : undefined}
        >
          {mfaMissing && <p className="px-5 pt-4 text-sm text-warn">{MFA_FIRST}</p>}
          {!can.owner && <p className="px-5 pt-4 text-sm text-muted">Only the owner creates and revokes import keys.</p>}
          <ImportKeysTable keys={keys} canRevoke={can.owner && !mfaMissing} projectId={project.id} />
        </Panel>
      )}
      {can.manage && (
        <Panel title="Upload a card file">
          <div className="space-y-3 p-5">
            <p className="text-sm text-muted">
              Columns: <code className="font-mono text-strong">card_number</code>, <code className="font-mono text-strong">exp_month</code>, <code className="font-mono text-strong">exp_year</code>; optionally{' '}
              <code className="font-mono text-strong">cardholder_name</code>, <code className="font-mono text-strong">external_id</code> and <code className="font-mono text-strong">metadata.&lt;key&gt;</code>. A row whose{' '}
              <code className="font-mono text-strong">external_id</code> was imported before is skipped; bad rows are reported, never stop the import.
            </p>
            <UploadImportForm projectId={project.id} disabledReason={activeKeys === 0 ? 'Create an import key first: the file must be encrypted to it.' : undefined} />
          </div>
        </Panel>
      )}
      <Panel title="Imports" count={page.rows.length}>
        <ImportsTable imports={page.rows} canManage={can.manage} />
      </Panel>
    </>
  );
}
