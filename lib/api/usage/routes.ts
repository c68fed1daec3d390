// The usage routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { GET as getUsage } from './get-usage';

export const usageRoutes: DefinedRoute[] = [getUsage];
