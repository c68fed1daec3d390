// The account routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { GET as getAccount } from './get-account';
import { PUT as updateAccount } from './update-account';

export const accountRoutes: DefinedRoute[] = [getAccount, updateAccount];
