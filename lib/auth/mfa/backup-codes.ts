// One-time MFA backup codes. Only keyed hashes are stored; the caller removes a hash once its code is used.
import { randomBytes } from 'node:crypto';
import { constantTimeEqual, hmacSha256Hex } from '../../crypto/hash';

// 32 symbols without 0/o/1/l, so each character carries exactly 5 bits (no modulo bias) and 8 characters
// give 40 bits per code.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 8;

function randomCode(): string {
  let code = '';
  for (const byte of randomBytes(CODE_LENGTH)) code += ALPHABET[byte & 31];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Lower-case without dashes or whitespace, so `ABCD EFGH` and `abcd-efgh` are the same code. */
export function normaliseBackupCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, '');
}

export function hashBackupCode(key: Buffer, input: string): string {
  return hmacSha256Hex(key, normaliseBackupCode(input));
}

/** `count` distinct codes (`xxxx-xxxx`) to show the user once, and their hashes to store. */
export function newBackupCodes(key: Buffer, count = 10): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomCode());
  const list = [...codes];
  return { codes: list, hashes: list.map((code) => hashBackupCode(key, code)) };
}

/** Index of the hash matching `input`, or -1. Compares every entry in constant time. */
export function findBackupCode(keys: readonly Buffer[], input: string, hashes: readonly string[]): number {
  if (normaliseBackupCode(input).length !== CODE_LENGTH) return -1;
  // Several keys after a legacy service root was replaced: codes handed out before keep their hashes.
  const candidates = keys.map((key) => hashBackupCode(key, input));
  let found = -1;
  hashes.forEach((hash, index) => {
    for (const candidate of candidates) if (constantTimeEqual(hash, candidate) && found === -1) found = index;
  });
  return found;
}
