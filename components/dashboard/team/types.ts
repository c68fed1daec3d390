// The Team page's member row: the member as GET /api/members shows it, with what the signed-in member may
// do to them (lib/dashboard/member-actions.ts, computed on the server).
import type { MemberActions } from '../../../lib/dashboard/member-actions';
import type { PresentedMember } from '../../../lib/members/present-member';

// status/invited_at: the member view's pending-invitation fields (optional until that API lands here).
export type TeamMember = PresentedMember & { status?: 'active' | 'invited'; invited_at?: string | null; actions: MemberActions; self: boolean };
