import { describe, expect, it } from 'vitest';
import { fail, formatCheck, ok, skip, summarise, warn } from './check-result';
import { postgresFix } from './check-database';
import { maskUrl } from './mask-url';

describe('doctor output', () => {
  it('one line per check, the fix on the next', () => {
    expect(formatCheck(ok('database', 'answers'))).toBe('ok    database        answers');
    expect(formatCheck(fail('migrations', '2 pending', 'run `vault migrate`'))).toBe('FAIL  migrations      2 pending\n      fix: run `vault migrate`');
    expect(formatCheck(skip('clock', 'needs the database'))).toBe('skip  clock           needs the database');
  });

  it('summarises', () => {
    expect(summarise([ok('a', ''), ok('b', '')])).toBe('All 2 checks passed.');
    expect(summarise([fail('a', '', ''), warn('b', '', ''), skip('c', '')])).toBe('1 FAIL, 1 warn, 1 skipped: see the fixes above.');
  });

  it('never prints a URL password', () => {
    expect(maskUrl('postgresql://vault:s3cret@db.internal:5432/vault')).toBe('postgresql://vault:***@db.internal:5432/vault');
    expect(maskUrl('redis://:s3cret@cache:6379')).toBe('redis://:***@cache:6379');
    expect(maskUrl('postgresql://db/vault')).toBe('postgresql://db/vault');
    expect(maskUrl('not a url s3cret')).toBe('(not a URL)');
  });

  it('never prints a password given as a query parameter (pg and ioredis both read `?password=`)', () => {
    expect(maskUrl('postgresql://vault@db:5432/vault?password=s3cret&sslmode=require')).toBe('postgresql://vault@db:5432/vault?password=***&sslmode=require');
    expect(maskUrl('postgresql://db/vault?sslpassword=s3cret')).toBe('postgresql://db/vault?sslpassword=***');
    expect(maskUrl('redis://cache:6379/0?password=s3cret')).toBe('redis://cache:6379/0?password=***');
    expect(maskUrl('postgresql://db/vault?PASSWORD=s3cret')).not.toContain('s3cret');
  });

  it.each([
    [{ code: 'ECONNREFUSED' }, 'start PostgreSQL, or correct the host and port in DATABASE_URL'],
    [{ code: 'ENOTFOUND' }, 'correct the host name in DATABASE_URL (it does not resolve)'],
    [{ code: '28P01' }, 'correct the user and password in DATABASE_URL (and pg_hba.conf on the server)'],
    [{ code: '3D000' }, 'create the database (`createdb NAME`), or correct its name in DATABASE_URL'],
    [{ message: 'timeout exceeded when trying to connect' }, 'check the host and port in DATABASE_URL and that no firewall drops the connection'],
  ])('the database fix for %j', (error, fix) => {
    expect(postgresFix(error)).toBe(fix);
  });
});
