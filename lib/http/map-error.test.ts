import { describe, expect, it } from 'vitest';
import { toVaultError } from './map-error';

describe('toVaultError: PostgreSQL 22021 (a NUL in text) is the caller\'s 400', () => {
  const prismaShape = Object.assign(new Error('Database error. Code: `22021`.'), {
    name: 'PrismaClientKnownRequestError',
    code: 'P2039',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: '22021', kind: 'postgres', code: '22021' } } },
  });
  const pgShape = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  const wrapped = new Error('outer', { cause: pgShape });

  it.each([
    ['Prisma over a driver adapter', prismaShape],
    ['pg (raw SQL on the pool)', pgShape],
    ['wrapped as a cause', wrapped],
  ])('%s → 400 validation_error, not logged as unexpected', (_name, error) => {
    const mapped = toVaultError(error);
    expect(mapped.unexpected).toBe(false);
    expect(mapped.error.status).toBe(400);
    expect(mapped.error.code).toBe('validation_error');
    expect(mapped.error.message).toBe('Invalid request: text fields must not contain the NUL character (U+0000)');
  });

  it('other database errors stay 500', () => {
    const other = Object.assign(new Error('x'), { code: '23505' });
    expect(toVaultError(other)).toMatchObject({ unexpected: true, error: { status: 500 } });
  });
});
