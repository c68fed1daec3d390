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

describe('toVaultError: a database past DATABASE_QUERY_TIMEOUT_MS is unavailable (503)', () => {
  const timeout = new Error('Query read timeout');
  it.each([
    ['pg (raw SQL on the pool)', timeout],
    ['through Prisma, as a cause', Object.assign(new Error('Invalid `prisma.token.create()` invocation'), { cause: timeout })],
    ['waiting for a connection', new Error('timeout exceeded when trying to connect')],
  ])('%s → 503 service_unavailable', (_name, error) => {
    expect(toVaultError(error).error).toMatchObject({ status: 503, code: 'service_unavailable', message: 'Service temporarily unavailable' });
  });
});
