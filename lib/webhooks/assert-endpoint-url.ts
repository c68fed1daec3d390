// The URL rule of ./endpoint-url.ts as the API's 400 naming `url`.
import { VaultError } from '../core/errors';
import { endpointUrlProblem } from './endpoint-url';

export function assertEndpointUrl(url: string, options: { environment: 'test' | 'production'; allowedPrivateHosts: ReadonlySet<string> }): void {
  const problem = endpointUrlProblem(url, options);
  if (problem) throw VaultError.validation([{ path: 'url', message: problem }]);
}
