// APP_URL and CHECKOUT_URL in production: the public https addresses that session cookies, mails and
// checkout links carry. Plain http is for localhost only.
import type { Config } from '../../config';
import { fail, ok, warn, type CheckResult } from './check-result';

const NAME = 'public URLs';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function checkAppUrl(config: Pick<Config, 'NODE_ENV' | 'APP_URL' | 'CHECKOUT_URL'>): CheckResult {
  if (config.NODE_ENV !== 'production') return ok(NAME, `APP_URL ${config.APP_URL} (not production: http allowed)`);
  for (const [variable, value] of [['APP_URL', config.APP_URL], ['CHECKOUT_URL', config.CHECKOUT_URL]] as const) {
    const url = new URL(value);
    if (LOCAL_HOSTS.has(url.hostname)) {
      return warn(NAME, `${variable} is ${value} in production: links in mails and checkout session URLs point at localhost`, `set ${variable} to the vault's public https URL`);
    }
    if (url.protocol !== 'https:') {
      return fail(NAME, `${variable} is ${value} in production: session cookies and checkout pages would travel unencrypted`, `serve the vault behind TLS and set ${variable}=https://…`);
    }
  }
  return ok(NAME, `APP_URL ${config.APP_URL}, CHECKOUT_URL ${config.CHECKOUT_URL} (https)`);
}
