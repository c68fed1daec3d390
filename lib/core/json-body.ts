// JSON bodies, wherever they come from (an API request, the proxy's `request_data`, a PSP's answer
// parsed as a request would be): media type checks and parsing that refuses malformed JSON and NULs.
import { VaultError } from './errors';
import { assertNoNulInJson, jsonTextMayHoldNul } from './reject-nul';

/** The media type without parameters, lower-case ('' when absent). */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * A JSON body: 400 `invalid_json` when malformed, 400 `validation_error` naming the field when a string or
 * key holds U+0000. `nulAllowedIn` names top-level fields that are not checked (the proxy's `request_data`,
 * forwarded to the PSP and never stored).
 */
export function parseJson(bytes: Uint8Array, options: { nulAllowedIn?: readonly string[] } = {}): unknown {
  const text = Buffer.from(bytes).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new VaultError('invalid_json', 'Request body is not valid JSON');
  }
  if (jsonTextMayHoldNul(text)) assertNoNulInJson(value, { skip: options.nulAllowedIn });
  return value;
}
