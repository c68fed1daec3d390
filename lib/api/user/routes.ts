// The signed-in user's own sessions, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { GET as listUserSessions } from './list-user-sessions';
import { DELETE as revokeOtherUserSessions } from './revoke-other-sessions';
import { DELETE as revokeUserSession } from './revoke-user-session';

export const userRoutes: DefinedRoute[] = [listUserSessions, revokeOtherUserSessions, revokeUserSession];
