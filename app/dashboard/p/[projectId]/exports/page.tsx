// GET /dashboard/p/{projectId}/exports — card exports (issue 26): an owner requests one (the recipient's
// public key, every card or a token list, CSV or JSON Lines), another owner approves it (two-person rule),
// either downloads the OpenPGP file once. Owners need MFA on for each step. Read through listExports exactly
// as GET /api/exports answers; every change goes through the API.
import { RequestExportDialog } from '@/components/dashboard/exports/request-export-dialog';
import { ExportsTable } from '@/components/dashboard/exports/exports-table';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { presentExport } from '@/lib/exports/export-row';
import { listExports } from '@/lib/exports/list-exports';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

const MFA_FIRST = 'Exports need a session verified with MFA: turn on MFA (Settings) and sign in again.';

export default async function ExportsPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const { runtime, user, project, can } = await loadDashboardContext(projectId, '/exports');
  const [rows, members, me] = await Promise.all([
    can.manage ? listExports(runtime, { accountId: user.accountId, projectId: project.id }) : Promise.resolve([]),
    runtime.db.prisma.user.findMany({ where: { accountId: user.accountId }, select: { id: true, name: true, email: true } }),
    runtime.db.prisma.user.findUnique({ where: { id: user.id }, select: { mfaEnabled: true } }),
  ]);
  const mfaMissing = can.owner && !me?.mfaEnabled;
  const names = Object.fromEntries(members.map((member) => [member.id, member.name ?? member.email]));
  return (
    <>
      <PageHeader
        title="Exports"
        description={`Take the cards of ${project.name} to another vault or PSP: an OpenPGP file encrypted to the recipient's key only, made as it is downloaded. Two owners take part: one requests, another approves.`}
        actions={can.owner && <RequestExportDialog projectId={project.id} projectName={project.name} disabledReason={mfaMissing ? MFA_FIRST : undefined} />}
      />
      {!can.manage && <ReadOnlyNotice>Owners request, approve and download exports; admins see them.</ReadOnlyNotice>}
      {can.manage && !can.owner && <ReadOnlyNotice>Only owners request, approve and download exports.</ReadOnlyNotice>}
      {mfaMissing && <p className="text-sm text-warn">{MFA_FIRST}</p>}
      {can.manage && (
        <Panel title="Exports" count={rows.length}>
          <p className="px-5 pt-4 text-sm text-muted">
            An unapproved request expires after 24 hours, an approved one 24 hours after its approval. One export per project at a time. Columns:{' '}
            <code className="font-mono text-strong">token, card_number, exp_month, exp_year, cardholder_name, external_id, metadata.*, fingerprint</code>; only active cards, never a CVC. In an account with a single
            owner, the operator approves with <code className="font-mono text-strong">npx vault export approve ID</code>.
          </p>
          <ExportsTable exports={rows.map(presentExport)} members={names} me={user.id} canAct={can.owner && !mfaMissing} />
        </Panel>
      )}
    </>
  );
}
