// GET /dashboard/p/{projectId}/team — the account's members (role, two-step verification, active or
// invited), inviting, resending and revoking invitations, changing roles, removing, and the account's
// "require two-step verification" setting. Reads through the lib functions of GET /api/members and
// GET /api/account; every change goes through the member and account routes (role checks, audit rows).
import { InviteMemberDialog } from '@/components/dashboard/team/invite-member-dialog';
import { MembersTable } from '@/components/dashboard/team/members-table';
import { RequireMfaSetting } from '@/components/dashboard/team/require-mfa-setting';
import type { TeamMember } from '@/components/dashboard/team/types';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { getAccount } from '@/lib/accounts/get-account';
import { invitableRoles, memberActions } from '@/lib/dashboard/member-actions';
import { loadMfaEnrolment } from '@/lib/dashboard/mfa-gate';
import { managersOnly } from '@/lib/dashboard/roles';
import { listMembers } from '@/lib/members/list-members';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function TeamPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const { runtime, user, can, base } = await loadDashboardContext(projectId, '/team');
  const [members, account, ownMfa] = await Promise.all([
    listMembers(runtime, { accountId: user.accountId }),
    getAccount(runtime, { accountId: user.accountId }),
    loadMfaEnrolment(runtime, user),
  ]);
  const ownerCount = members.filter((member) => member.role === 'owner').length;
  const rows: TeamMember[] = members.map((member) => ({ ...member, actions: memberActions(user.role, member, ownerCount), self: member.id === user.id }));
  const pending = rows.filter((member) => member.status === 'invited').length;
  // Only turning it ON needs the owner's own two-step verification (updateAccount refuses otherwise).
  const requireMfaReason = !can.owner
    ? 'Only an owner can change this.'
    : !account.require_mfa && !ownMfa.enabled
      ? 'Turn on two-step verification for yourself first (Settings), so requiring it cannot lock you out.'
      : null;
  return (
    <>
      <PageHeader
        title="Team"
        description={`The members of ${account.name}: who can sign in to this dashboard and the management API, and with which role.`}
        actions={can.manage ? <InviteMemberDialog roles={invitableRoles(user.role)} /> : undefined}
      />
      {!can.manage && <ReadOnlyNotice>{managersOnly('invite members, change roles and remove members')}</ReadOnlyNotice>}
      <Panel title="Members" count={members.length} actions={pending > 0 ? <span className="text-xs text-muted">{pending} invitation{pending === 1 ? '' : 's'} pending</span> : undefined}>
        <MembersTable members={rows} editable={can.manage} />
      </Panel>
      <Panel title="Account security">
        <RequireMfaSetting key={String(account.require_mfa)} enabled={account.require_mfa} disabledReason={requireMfaReason} />
        {ownMfa.enabled ? null : (
          <p className="border-t border-line px-5 py-3 text-xs text-muted">
            Your own two-step verification is off. <a className="text-accent underline" href={`${base}/settings`}>Turn it on in Settings</a>.
          </p>
        )}
      </Panel>
    </>
  );
}
