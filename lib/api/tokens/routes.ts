// The tokens routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { DELETE as deleteToken } from './delete-token';
import { GET as getToken } from './get-token';
import { GET as listTokens } from './list-tokens';
import { PATCH as updateToken } from './update-token';
import { PATCH as updateTokenWithKey } from './update-token-by-key';

export const tokensRoutes: DefinedRoute[] = [listTokens, getToken, updateToken, deleteToken, updateTokenWithKey];
