// Hosted checkout routes: merchants (management, JWT), checkout sessions (merchant server: vault key +
// service key) and the customer's pay/cancel calls from the checkout page (the session id is the
// credential). The page itself, GET /checkout/{sessionId}, is a Next page, not in this table.
import { POST as createMerchant } from '../../api/merchants/create-merchant';
import { DELETE as deleteMerchant } from '../../api/merchants/delete-merchant';
import { GET as getMerchant } from '../../api/merchants/get-merchant';
import { GET as listMerchants } from '../../api/merchants/list-merchants';
import { POST as rotateMerchantKey } from '../../api/merchants/rotate-merchant-key';
import { PUT as updateMerchant } from '../../api/merchants/update-merchant';
import { POST as createSession } from '../../api/checkout/create-session';
import { GET as getSession } from '../../api/checkout/get-session';
import { POST as cancelCheckout } from '../../api/checkout/cancel';
import { POST as payCheckout } from '../../api/checkout/pay';
import type { Route } from './types';

export const checkoutRoutes: Route[] = [
  { pattern: /^\/api\/merchants$/, params: [], methods: { GET: listMerchants, POST: createMerchant } },
  { pattern: /^\/api\/merchants\/([^/]+)$/, params: ['id'], methods: { GET: getMerchant, PUT: updateMerchant, DELETE: deleteMerchant } },
  { pattern: /^\/api\/merchants\/([^/]+)\/rotate-key$/, params: ['id'], methods: { POST: rotateMerchantKey } },
  // Before `{id}`: `create` is not a session id.
  { pattern: /^\/api\/sessions\/create$/, params: [], methods: { POST: createSession } },
  { pattern: /^\/api\/sessions\/([^/]+)$/, params: ['id'], methods: { GET: getSession } },
  // Below the page /checkout/{sessionId} (Next), which this table never matches.
  { pattern: /^\/checkout\/([^/]+)\/pay$/, params: ['sessionId'], methods: { POST: payCheckout } },
  { pattern: /^\/checkout\/([^/]+)\/cancel$/, params: ['sessionId'], methods: { POST: cancelCheckout } },
];
