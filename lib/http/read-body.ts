// Request bodies: at most 1 MiB (413 beyond, checked on Content-Length and while streaming), JSON only
// where JSON is expected (415 otherwise), malformed JSON is a 400, and so is a NUL (U+0000) in any of its
// strings or keys (lib/core/json-body.ts, lib/core/reject-nul.ts).
import { VaultError } from '../core/errors';
import { parseJson } from '../core/json-body';
import { isJsonMediaType, mediaType } from '../core/json-body';

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

/** A JSON request body already read (see readBodyBytes): 415 unless JSON, 400 when malformed. */
export function parseJsonRequest(request: Request, bytes: Uint8Array): unknown {
  if (!isJsonMediaType(mediaType(request))) throw new VaultError('unsupported_media_type', 'Content-Type must be application/json');
  return parseJson(bytes);
}
