// GET /dashboard/p/{projectId}/settings — Profile & security: the signed-in member's own password, two-step
// verification (enrol, regenerate backup codes, turn off) and sign-in sessions; above them, a warning when
// the current project's card data may go nowhere (production without allowed_proxy_hosts). Every role uses all of it:
// these are the member's own settings. Reads through the lib functions of GET /auth/mfa/status and
// GET /api/user/sessions; changes go through POST /auth/change-password, /user/settings/mfa[/backup-codes]
// and DELETE /api/user/sessions[/{id}].
import { ChangePasswordForm } from '@/components/dashboard/settings/change-password-form';
import { DestinationsWarning } from '@/components/dashboard/settings/destinations-warning';
import { MfaManage } from '@/components/dashboard/settings/mfa-manage';
import { SessionsTable, SignOutOthersButton } from '@/components/dashboard/settings/sessions-table';
import { MfaEnrolment } from '@/components/mfa-enrolment';
import { DetailList } from '@/components/ui/drawer';
import { PageHeader, Panel } from '@/components/ui/panel';
import { listUserSessions } from '@/lib/auth/list-user-sessions';
import { currentDashboardSessionId } from '@/lib/dashboard/current-user';
import { summariseUserAgent } from '@/lib/dashboard/user-agent';
import { mfaStatus } from '@/lib/auth/mfa/manage-mfa';
import { needsAllowList } from '@/lib/outbound/proxy-host-allow-list';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function SettingsPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const { runtime, user, project, can, base } = await loadDashboardContext(projectId, '/settings');
  const environment = project.production ? 'production' : 'test';
  const destinationsBlocked = project.allowed_proxy_hosts === null && needsAllowList(environment, runtime.config.PROXY_REQUIRE_ALLOW_LIST);
  const currentSessionId = await currentDashboardSessionId();
  const [mfa, sessions] = await Promise.all([
    mfaStatus(runtime, user.id),
    listUserSessions(runtime, { userId: user.id, currentSessionId: currentSessionId ?? '' }),
  ]);
  const rows = sessions.map((session) => ({ id: session.id, device: summariseUserAgent(session.user_agent), ip: session.ip, created_at: session.created_at, last_seen_at: session.last_seen_at, current: session.current }));
  const others = rows.filter((session) => !session.current).length;
  return (
    <>
      <PageHeader title="Settings" description="Profile & security: your own sign-in settings. They apply to you only, whatever your role." />
      {destinationsBlocked && <DestinationsWarning projectName={project.name} projectsHref={`${base}/projects`} canManage={can.manage} />}
      <Panel title="Profile">
        <div className="px-5 py-4">
          <DetailList
            items={[
              ['Email', user.email],
              ['Name', user.name ?? '—'],
              ['Role', user.role],
            ]}
          />
        </div>
      </Panel>
      <Panel title="Password">
        <ChangePasswordForm email={user.email} />
      </Panel>
      <Panel title="Two-step verification">
        {mfa.enabled ? (
          <MfaManage email={user.email} backupCodesRemaining={mfa.backup_codes_remaining} />
        ) : (
          <div className="px-5 py-4">
            <MfaEnrolment alreadyEnabled={false} email={user.email} />
          </div>
        )}
      </Panel>
      <Panel title="Sign-in sessions" count={rows.length} actions={<SignOutOthersButton others={others} />}>
        <SessionsTable sessions={rows} />
      </Panel>
    </>
  );
}
