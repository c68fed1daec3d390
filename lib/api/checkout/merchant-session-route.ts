// The wrapper of the merchant-server session routes: the vault key (X-API-KEY, tokenization permission;
// audited by apiRoute) plus the merchant's service key (X-SERVICE-API-KEY) of the same project.
// No Idempotency-Key: apiRoute replays before the handler runs, so a replay would skip the service key
// check; a retried create only leaves an unpaid session that expires.
import { apiRoute, type ApiCall } from '../../http/api-route';
import { authenticateServiceKey, type ServiceKeyMerchant } from '../../merchants/authenticate-service-key';

export type MerchantSessionCall = ApiCall & { merchant: ServiceKeyMerchant };

export function merchantSessionRoute(options: { action: string }, handler: (call: MerchantSessionCall) => Promise<Response>) {
  return apiRoute({ action: options.action, tokenization: true }, async (call) => {
    const merchant = await authenticateServiceKey(call.runtime, { rawKey: call.request.headers.get('x-service-api-key'), projectId: call.principal.project.id });
    return handler({ ...call, merchant });
  });
}
