// Every route the vault serves, as defined once in its own file (lib/http/define-route.ts). The fast
// door's router and GET /openapi.json are built from this list; app/**/route.ts re-exports the same
// handlers for Next. A route missing here is neither served nor documented (tests/integration/app-routes.test.ts).
import type { DefinedRoute } from '../http/define-route';
import { accountRoutes } from './account/routes';
import { applicationsRoutes } from './applications/routes';
import { auditLogsRoutes } from './audit-logs/routes';
import { authRoutes } from './auth-endpoints/routes';
import { checkoutRoutes } from './checkout/routes';
import { collectSessionsRoutes } from './collect-sessions/routes';
import { elementsRoutes } from './elements/routes';
import { DELETE as deleteCvcSession } from './delete-cvc-session';
import { POST as detokenize } from './detokenize';
import { GET as apiReference } from './docs';
import { GET as apiReferenceScript } from './docs-script';
import { GET as health } from './health';
import { POST as provision } from './internal-provision';
import { membersRoutes } from './members/routes';
import { GET as metrics } from './metrics';
import { merchantsRoutes } from './merchants/routes';
import { webhooksRoutes } from './webhooks/routes';
import { exportsRoutes } from './exports/routes';
import { importKeysRoutes } from './import-keys/routes';
import { importsRoutes } from './imports/routes';
import { eventsRoutes } from './events/routes';
import { defineOpenApiRoute } from './openapi';
import { projectsRoutes } from './projects/routes';
import { POST as proxyTransaction } from './proxy-transaction';
import { GET as ready } from './ready';
import { POST as testTokens } from './test-tokens';
import { tokensRoutes } from './tokens/routes';
import { POST as searchTokens } from './tokens/search-tokens';
import { POST as searchTokensWithKey } from './tokens/search-tokens-by-key';
import { usageRoutes } from './usage/routes';
import { userRoutes } from './user/routes';
import { POST as tokenize } from './tokenize';
import { GET as verifyKey } from './verify-key';

/** GET /openapi.json: it describes the list it belongs to. */
export const openApiDocument = defineOpenApiRoute(() => routes);

export const routes: readonly DefinedRoute[] = [
  tokenize,
  testTokens,
  detokenize,
  proxyTransaction,
  deleteCvcSession,
  verifyKey,
  ...accountRoutes,
  ...applicationsRoutes,
  ...projectsRoutes,
  provision,
  ...membersRoutes,
  ...tokensRoutes,
  searchTokens,
  searchTokensWithKey,
  ...auditLogsRoutes,
  ...usageRoutes,
  ...authRoutes,
  ...userRoutes,
  ...merchantsRoutes,
  ...checkoutRoutes,
  ...collectSessionsRoutes,
  ...elementsRoutes,
  ...webhooksRoutes,
  ...eventsRoutes,
  ...exportsRoutes,
  ...importKeysRoutes,
  ...importsRoutes,
  health,
  ready,
  openApiDocument,
  metrics,
  apiReference,
  apiReferenceScript,
];
