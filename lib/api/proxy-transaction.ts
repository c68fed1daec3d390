// POST /proxy/transaction — forward a request to a PSP with the token's data injected.
import { apiRoute } from '../http/api-route';
import { forwardTransaction } from '../proxy/forward-transaction';
import { parseProxyRequest } from '../proxy/parse-proxy-request';

export const POST = apiRoute({ action: 'proxy.transaction', tokenization: true, idempotent: true, hybrid: false }, async (call) => {
  const proxyCall = parseProxyRequest(call.request, call.body);
  const result = await forwardTransaction(call.runtime, {
    principal: call.principal,
    call: proxyCall,
    onToken: (tokenId) => (call.audit.tokenId = tokenId),
  });
  return call.json(200, result);
});
