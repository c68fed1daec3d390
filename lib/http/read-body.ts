// Request bodies: at most 1 MiB (413 beyond, checked on Content-Length and while streaming), JSON only
// where JSON is expected (415 otherwise), malformed JSON is a 400, and so is a NUL (U+0000) in any of its
// strings or keys (./reject-nul.ts).
import { VaultError } from './errors';
import { assertNoNulInJson, jsonTextMayHoldNul } from './reject-nul';

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBodyBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new VaultError('payload_too_large', `Request body exceeds ${limit} bytes`);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new VaultError('payload_too_large', `Request body exceeds ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

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

/** A JSON request body already read (see readBodyBytes): 415 unless JSON, 400 when malformed. */
export function parseJsonRequest(request: Request, bytes: Uint8Array): unknown {
  if (!isJsonMediaType(mediaType(request))) throw new VaultError('unsupported_media_type', 'Content-Type must be application/json');
  return parseJson(bytes);
}
