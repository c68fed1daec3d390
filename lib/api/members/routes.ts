// The members routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { POST as inviteMember } from './invite-member';
import { GET as listMembers } from './list-members';
import { DELETE as removeMember } from './remove-member';
import { POST as resendInvitation } from './resend-invitation';
import { PUT as updateMember } from './update-member';

export const membersRoutes: DefinedRoute[] = [listMembers, inviteMember, updateMember, removeMember, resendInvitation];
