// The Team page's member row: the member as GET /api/members shows it, with what the signed-in member may
// do to them (lib/dashboard/member-actions.ts, computed on the server).
import type { MemberActions } from '@/lib/dashboard/member-actions';
import type { PresentedMember } from '@/lib/members/present-member';

export type TeamMember = PresentedMember & { actions: MemberActions; self: boolean };
