import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** SHA-256 hex: enough for high-entropy random secrets (API keys, pub keys); passwords use argon2id. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
