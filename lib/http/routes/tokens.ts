// Management API routes: tokens. Kept in their own table so each area grows without touching the others.
import { DELETE as deleteToken } from '../../api/tokens/delete-token';
import { GET as getToken } from '../../api/tokens/get-token';
import { GET as listTokens } from '../../api/tokens/list-tokens';
import type { Route } from './types';

export const tokensRoutes: Route[] = [
  { pattern: /^\/api\/tokens$/, params: [], methods: { GET: listTokens } },
  { pattern: /^\/api\/tokens\/([^/]+)$/, params: ['token'], methods: { GET: getToken, DELETE: deleteToken } },
];
