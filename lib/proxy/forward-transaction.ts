// POST /proxy/transaction: inject the token's data (and a CVC session's code) into the caller's request,
// send it to the PSP over the pooled, address-checked dispatcher, and hand back the PSP's answer with
// any card number or security code it echoes masked. The pipeline itself is `sendToPsp`. The URL must pass
// the URL rules and then the project's destination allow-list, before the token is read or a CVC session
// taken, and before anything connects.
import type { z } from 'zod';
import type { ApiKeyPrincipal } from '../api-keys/principal';
import type { AuditEntry } from '../core/audit-entry';
import type { Runtime } from '../runtime/types';
import type { ProxyCall } from './parse-proxy-request';
import { assertProxyHostAllowed } from '../outbound/proxy-host-allow-list';
import { parseProxyUrl } from '../outbound/proxy-url';
import type { ZProxyResponseSchema } from './schemas';
import { sendToPsp } from './send-to-psp';

/** The body of POST /proxy/transaction's 200, as its response schema documents it. */
export type ProxyResult = z.output<typeof ZProxyResponseSchema>;

export async function forwardTransaction(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring' | 'psp' | 'allowedPrivateHosts' | 'config'>,
  options: { principal: ApiKeyPrincipal; call: ProxyCall; onToken?: (tokenId: string) => void; audit?: AuditEntry },
): Promise<ProxyResult> {
  const { principal, call } = options;
  const url = parseProxyUrl(call.proxyUrl, runtime.allowedPrivateHosts);
  // The key's cached project: a changed list applies at once on the node that changed it, within API_KEY_CACHE_MS elsewhere.
  assertProxyHostAllowed(url, principal.project, runtime.config.PROXY_REQUIRE_ALLOW_LIST);
  const answer = await sendToPsp(runtime, {
    project: principal.project,
    token: call.token,
    cvcSessionId: call.cvcSessionId,
    url,
    method: call.method,
    headers: call.headers,
    body: call.body,
    onToken: options.onToken,
    audit: options.audit,
  });
  return {
    success: answer.statusCode >= 200 && answer.statusCode < 300,
    proxy_response: { status_code: answer.statusCode, headers: answer.headers, body: answer.body },
  };
}
