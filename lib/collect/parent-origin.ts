// Which page may host a collect session's fields: an exact origin as a browser reports it (the checkout's
// rule, lib/checkout/url-rules.ts), https only in a production project; test projects also accept
// http://localhost and http://127.0.0.1 on any port. It becomes the field pages' `frame-ancestors` and the
// exact targetOrigin of their messages.
import { isExactOrigin } from '../checkout/url-rules';

export function parentOriginError(value: string, environment: 'test' | 'production'): string | null {
  if (!isExactOrigin(value)) {
    return 'parent_origin must be an exact origin such as https://shop.example or https://shop.example:8443, without path, wildcard, space or ;';
  }
  if (environment === 'production' && !value.startsWith('https://')) return 'parent_origin must be an https origin in a production project';
  return null;
}
