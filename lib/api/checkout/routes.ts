// The checkout routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { POST as cancelCheckoutSession } from './cancel-checkout-session';
import { POST as createCheckoutSession } from './create-checkout-session';
import { GET as getCheckoutSession } from './get-checkout-session';
import { GET as listCheckoutSessions } from './list-checkout-sessions';
import { POST as payCheckoutSession } from './pay-checkout-session';

export const checkoutRoutes: DefinedRoute[] = [createCheckoutSession, getCheckoutSession, payCheckoutSession, cancelCheckoutSession, listCheckoutSessions];
