// Which page may host a collect session's fields: an exact origin as a browser reports it (the checkout's
// rule, lib/checkout/url-rules.ts), https only in a production project; test projects also accept
// http://localhost and http://127.0.0.1 on any port. It becomes the field pages' `frame-ancestors` and the
// exact targetOrigin of their messages.
import { isExactOrigin } from '../checkout/url-rules';

export const PARENT_ORIGIN_RULE =
  'parent_origin must be an exact origin such as https://shop.example or https://shop.example:8443 (http only for localhost or 127.0.0.1 in a test project), without path, wildcard, space or ;';

export function parentOriginError(value: string, environment: 'test' | 'production'): string | null {
  if (!isExactOrigin(value)) return PARENT_ORIGIN_RULE;
  if (environment === 'production' && !value.startsWith('https://')) return 'parent_origin must be an https origin in a production project';
  return null;
}
