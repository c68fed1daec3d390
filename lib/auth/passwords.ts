// Password hashing with argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
// Login must cost the same whether or not the email exists, so unknown users are checked against DUMMY_HASH.
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum: `isolatedModules` forbids reading it and the native binding
// exports it as an empty object at run time, so the member's value (Argon2id = 2) is written out here.
const ARGON2ID: Algorithm = 2;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False, never an exception, for a wrong password or a hash that is not a valid argon2 string. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * An argon2id hash, with exactly PASSWORD_HASH_OPTIONS, of a random secret that was discarded when it was
 * made. Verifying against it costs what verifying a real user's hash costs.
 */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$AITX2LTB3SBRJ3Fe3TNB9A$gBcs5IpxdvhNVvs0xCOUHrXnFO6SgWqwetZ7Ue3CSfQ';

/**
 * For a login whose email matches no user: spends the time of a real verification, then fails.
 * Always false, even in the impossible case that the dummy's secret were guessed.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}
