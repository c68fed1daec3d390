'use client';
// A member's role, changed in place (PUT /api/members/{id} {role}). When a rule holds it (the last owner,
// an admin facing an owner), the select is disabled and points at the visible reason (`reasonId`).
import { useState } from 'react';
import type { MemberRole } from '@/lib/members/present-member';
import { useApiAction } from '../../ui/use-api-action';
import type { TeamMember } from './types';

export function MemberRoleSelect({ member, editable, reasonId }: { member: TeamMember; editable: boolean; reasonId: string }) {
  const run = useApiAction();
  const [busy, setBusy] = useState(false);
  // The chosen role shows at once and goes back if the API refuses (the table keys this by the saved role).
  const [value, setValue] = useState(member.role);
  const reason = member.actions.roleReason;
  if (!editable) return <span className="text-strong">{member.role}</span>;
  return (
    <select
      aria-label={`Role of ${member.email}`}
      className="w-32 rounded-md border border-line bg-bg px-2 py-1 text-sm text-strong focus:border-accent disabled:cursor-not-allowed disabled:opacity-60"
      value={value}
      disabled={!!reason || busy}
      title={reason ?? undefined}
      aria-describedby={reason ? reasonId : undefined}
      onChange={async (event) => {
        const role = event.target.value as MemberRole;
        setBusy(true);
        setValue(role);
        const result = await run('updateMember', { params: { id: member.id }, body: { role } }, { success: `${member.email} is now ${role}` });
        if (!result.ok) setValue(member.role);
        setBusy(false);
      }}
    >
      {member.actions.roles.map((option) => (
        <option key={option.role} value={option.role} disabled={!!option.disabledReason} title={option.disabledReason ?? undefined}>
          {option.role}
        </option>
      ))}
    </select>
  );
}
