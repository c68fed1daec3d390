'use client';
// The account's members: name and email, role (editable by owners and admins within the rules), two-step
// verification, status (active, or invited and when), and the row's actions. A rule that holds a
// row's action is written under it, and the held controls point at that text.
import { Badge } from '../../ui/badge';
import { column, DataTable, type Column } from '../../ui/data-table';
import { formatDate } from '../../ui/format';
import { MemberRoleSelect } from './member-role-select';
import { MemberRowActions } from './member-row-actions';
import type { TeamMember } from './types';

const reasonId = (member: TeamMember) => `member-rule-${member.id}`;

export function MembersTable({ members, editable }: { members: TeamMember[]; editable: boolean }) {
  const columns: Array<Column<TeamMember>> = [
    column('member', 'Member', (member) => (
      <div className="min-w-0">
        <p className="font-medium text-strong">
          {member.name ?? member.email}
          {member.self && <span className="ml-2 text-xs font-normal text-muted">(you)</span>}
        </p>
        {member.name && <p className="text-xs text-muted">{member.email}</p>}
      </div>
    )),
    column('role', 'Role', (member) => <MemberRoleSelect key={member.role} member={member} editable={editable} reasonId={reasonId(member)} />),
    column('mfa', 'Two-step', (member) => <Badge tone={member.mfa_enabled ? 'ok' : 'neutral'}>{member.mfa_enabled ? 'On' : 'Off'}</Badge>),
    column('status', 'Status', (member) =>
      member.status === 'invited' ? (
        <div>
          <Badge tone="warn">Invited</Badge>
          <p className="mt-1 text-xs text-muted">sent {formatDate(member.invited_at)}</p>
        </div>
      ) : (
        <Badge tone="ok">Active</Badge>
      ),
    ),
  ];
  if (editable) {
    columns.push(
      column('actions', 'Actions', (member) => {
        const reason = member.actions.removeReason ?? member.actions.roleReason;
        return (
          <div className="space-y-1">
            <MemberRowActions member={member} reasonId={reasonId(member)} />
            {reason && (
              <p id={reasonId(member)} className="ml-auto w-40 whitespace-normal text-right text-xs text-muted" data-testid="member-rule">
                {reason}
              </p>
            )}
          </div>
        );
      }),
    );
  }
  return <DataTable label="Members" columns={columns} rows={members} rowId={(member) => member.id} rowTestId="member-row" />;
}
