// The wrapper of the merchant-server session routes: the vault key (X-API-KEY, tokenization permission;
// audited by apiRoute) plus the merchant's service key (X-SERVICE-API-KEY) of the same project.
// No Idempotency-Key: apiRoute replays before the handler runs, so a replay would skip the service key
// check; a retried create only leaves an unpaid session that expires.
import { apiRoute, type ApiCall } from './api-route';
import type { RouteAuth } from '../../http/define-route';
import { error, unavailable } from '../../core/openapi-shapes';
import { authenticateServiceKey, type ServiceKeyMerchant } from '../../merchants/authenticate-service-key';

export type MerchantSessionCall = ApiCall & { merchant: ServiceKeyMerchant };

function merchantSessionRoute(options: { action: string }, handler: (call: MerchantSessionCall) => Promise<Response>) {
  return apiRoute({ action: options.action, tokenization: true }, async (call) => {
    const merchant = await authenticateServiceKey(call.runtime, { rawKey: call.request.headers.get('x-service-api-key'), projectId: call.principal.project.id });
    return handler({ ...call, merchant });
  });
}

/** Errors of the merchant-server routes (vault key + service key). */
const merchantKeyErrors = {
  401: error('`invalid_api_key` (`Invalid API key`): X-API-KEY missing, unknown or revoked; or `invalid_service_api_key` (`Invalid service API key`): X-SERVICE-API-KEY missing, unknown, or replaced by a rotation whose grace period ended.'),
  403: error('`insufficient_permissions`: the vault key lacks the tokenization permission; or `merchant_mismatch`: the service key\'s merchant is of another project than the vault key, or `merchantId` names another merchant than the service key\'s.'),
  503: unavailable,
};

/** Auth kind `merchantKeys`: the vault key and the merchant's service key of the same project. */
export function merchantKeysAuth(options: { action: string }): RouteAuth<MerchantSessionCall> {
  return { kind: 'merchantKeys', security: [{ ApiKey: [], ServiceApiKey: [] }], responses: merchantKeyErrors, wrap: (handler) => merchantSessionRoute(options, handler) };
}
