import { hash, parseOptions, verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, PASSWORD_HASH_OPTIONS, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('hashPassword', () => {
  it('produces argon2id with the OWASP parameters', async () => {
    const passwordHash = await hashPassword('correct horse battery 9');
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(passwordHash)).toMatchObject({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('salts: the same password hashes differently each time, and never contains the password', async () => {
    const [first, second] = await Promise.all([hashPassword('same password 1'), hashPassword('same password 1')]);
    expect(first).not.toBe(second);
    expect(first).not.toContain('same password 1');
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const passwordHash = await hashPassword('Tr0ub4dor&3 horse');
    expect(await verifyPassword(passwordHash, 'Tr0ub4dor&3 horse')).toBe(true);
    expect(await verifyPassword(passwordHash, 'Tr0ub4dor&3 hors')).toBe(false);
    expect(await verifyPassword(passwordHash, 'tr0ub4dor&3 horse')).toBe(false);
  });

  it('round-trips non-ASCII passwords', async () => {
    const passwordHash = await hashPassword('mot de passe très sûr 42 🔐');
    expect(await verifyPassword(passwordHash, 'mot de passe très sûr 42 🔐')).toBe(true);
  });

  it('verifies hashes made with the library defaults (existing users, e.g. the bootstrap owner)', async () => {
    expect(await verifyPassword(await hash('bootstrap password 1'), 'bootstrap password 1')).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['not a hash', 'not-a-hash'],
    ['truncated argon2', '$argon2id$v=19$m=19456,t=2,p=1$AITX2LTB3SBRJ3Fe3TNB9A$'],
    ['bad parameters', '$argon2id$v=19$m=oops,t=2,p=1$AITX2LTB3SBRJ3Fe3TNB9A$gBcs5IpxdvhNVvs0xCOUHrXnFO6SgWqwetZ7Ue3CSfQ'],
    ['bcrypt', '$2b$12$KIXQJf3sW0b9h1G7nQe3UeYwG6qg9Q0cQJ8m9x6o3x1o2v3w4y5z6'],
  ])('returns false, without throwing, for a malformed hash (%s)', async (_label, malformed) => {
    await expect(verifyPassword(malformed, 'any password 1')).resolves.toBe(false);
  });
});

describe('DUMMY_HASH and verifyAgainstDummy', () => {
  it('has exactly the parameters of a real hash, so verifying against it costs the same', async () => {
    const real = parseOptions(await hashPassword('a real password 1'));
    expect(parseOptions(DUMMY_HASH)).toEqual(real);
    expect(parseOptions(DUMMY_HASH)).toMatchObject(PASSWORD_HASH_OPTIONS);
  });

  it('is well formed: argon2 really runs on it (a malformed one would throw, i.e. fail fast)', async () => {
    // Straight to the library: verifyPassword would hide a parse error behind `false`.
    await expect(verify(DUMMY_HASH, 'not the secret')).resolves.toBe(false);
  });

  it('always answers false', async () => {
    await expect(verifyAgainstDummy('whatever 123456')).resolves.toBe(false);
    await expect(verifyAgainstDummy('')).resolves.toBe(false);
  });
});

