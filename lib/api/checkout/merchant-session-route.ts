// The wrapper of the merchant-server session routes: the vault key (X-API-KEY, tokenization permission;
// audited by apiRoute) plus the merchant's service key (X-SERVICE-API-KEY) of the same project.
import { apiRoute, type ApiCall } from '../../http/api-route';
import { authenticateServiceKey, type ServiceKeyMerchant } from '../../merchants/authenticate-service-key';

export type MerchantSessionCall = ApiCall & { merchant: ServiceKeyMerchant };

export function merchantSessionRoute(options: { action: string; idempotent?: boolean }, handler: (call: MerchantSessionCall) => Promise<Response>) {
  return apiRoute({ action: options.action, tokenization: true, idempotent: options.idempotent }, async (call) => {
    const merchant = await authenticateServiceKey(call.runtime, { rawKey: call.request.headers.get('x-service-api-key'), projectId: call.principal.project.id });
    return handler({ ...call, merchant });
  });
}
