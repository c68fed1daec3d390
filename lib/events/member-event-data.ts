// The data of `member.role_changed`: who (id and email, as the members API shows them) and the role before
// and after. Nothing about the member's credentials or sessions.
export function memberRoleChangedData(member: { id: string; email: string }, previousRole: string, role: string) {
  return { user_id: member.id, email: member.email, previous_role: previousRole, role };
}
