// The events routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { GET as getEvent } from './get-event';
import { GET as listEvents } from './list-events';
import { POST as resendEvent } from './resend-event';

export const eventsRoutes: DefinedRoute[] = [listEvents, getEvent, resendEvent];
