// AES-256-GCM with a random 96-bit IV. Sealed layout: iv (12) | tag (16) | ciphertext.
// The AAD binds a ciphertext to its context (token id, session id), so rows cannot be swapped.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { pooledRandomBytes } from './random';

const IV_BYTES = 12;
const TAG_BYTES = 16;

// Buffer.concat always allocates a fresh (non-shared) ArrayBuffer, which Prisma's Bytes type requires.
export function seal(key: Buffer, plaintext: Buffer | string, aad?: string): Buffer<ArrayBuffer> {
  const iv = pooledRandomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad) cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]) as Buffer<ArrayBuffer>;
}

export function open(key: Buffer, sealed: Uint8Array, aad?: string): Buffer {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  if (aad) decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
