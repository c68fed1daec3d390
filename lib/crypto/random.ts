// Random identifiers and secrets: base62 so they survive URLs, headers and copy-paste unchanged.
import { randomBytes, randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(length: number, source: (size: number) => Buffer): string {
  let out = '';
  while (out.length < length) {
    for (const byte of source(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** `length` base62 characters from a CSPRNG, without modulo bias (rejection sampling). For secrets (keys). */
export function randomBase62(length: number): string {
  return base62(length, randomBytes);
}

// Public values on the hot path (IVs, token identifiers) come from a pooled CSPRNG buffer: one
// randomFillSync per 4 KiB instead of one call per value, which costs several microseconds each here
// (profiled: 4% of tokenize's CPU). The same generator; no byte is handed out twice. Secrets do not use it.
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES / 8) return randomBytes(size);
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = Buffer.allocUnsafe(size);
  pool.copy(out, 0, offset, offset + size);
  offset += size;
  return out;
}

/** Like randomBase62, for public identifiers (token values) on the hot path. */
export function randomIdentifier62(length: number): string {
  return base62(length, pooledRandomBytes);
}
