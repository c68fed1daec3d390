import { describe, expect, it } from 'vitest';
import { compareMigrations } from './check-migrations';

const shipped = ['001_init', '002_users', '003_audit'];
const done = (name: string) => ({ name, finished: true, rolledBack: false });

describe('compareMigrations', () => {
  it('ok when every shipped migration is applied', () => {
    expect(compareMigrations(shipped, shipped.map(done))).toEqual({ name: 'migrations', status: 'ok', detail: 'all 3 applied (latest 003_audit)' });
  });

  it('FAIL with `vault migrate` as the fix when some are pending (an empty database: all of them)', () => {
    expect(compareMigrations(shipped, [done('001_init')])).toEqual({
      name: 'migrations',
      status: 'fail',
      detail: '2 of 3 pending (002_users … 003_audit)',
      fix: 'run `vault migrate` (a server start also applies them)',
    });
    expect(compareMigrations(shipped, []).detail).toBe('3 of 3 pending (001_init … 003_audit)');
  });

  it('FAIL when one started and never finished; a rolled-back attempt applied again later is fine', () => {
    const broken = compareMigrations(shipped, [done('001_init'), { name: '002_users', finished: false, rolledBack: false }]);
    expect(broken).toMatchObject({ status: 'fail', detail: 'started and never finished: 002_users' });
    const retried = [done('001_init'), { name: '002_users', finished: false, rolledBack: true }, done('002_users'), done('003_audit')];
    expect(compareMigrations(shipped, retried).status).toBe('ok');
  });

  it('warn when the database was migrated by a newer version', () => {
    expect(compareMigrations(shipped, [...shipped, '004_future'].map(done))).toMatchObject({ status: 'warn', fix: 'run the same vault version on every node' });
  });
});
