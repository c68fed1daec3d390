// The merchants routes, in the order they are documented (the router does not depend on it).
import type { DefinedRoute } from '../../http/define-route';
import { POST as createMerchant } from './create-merchant';
import { POST as createTestSession } from './create-test-session';
import { DELETE as deleteMerchant } from './delete-merchant';
import { GET as getMerchant } from './get-merchant';
import { GET as getMerchantLogo } from './get-merchant-logo';
import { GET as listMerchants } from './list-merchants';
import { POST as rotateMerchantKey } from './rotate-merchant-key';
import { PUT as updateMerchant } from './update-merchant';

export const merchantsRoutes: DefinedRoute[] = [listMerchants, createMerchant, getMerchant, updateMerchant, deleteMerchant, rotateMerchantKey, createTestSession, getMerchantLogo];
