import { describe, expect, it } from 'vitest';
import { classifySkew } from './check-clock';

describe('classifySkew', () => {
  it.each([
    [0, 2, 'ok', "this node's clock is 0.000 s behind the database's (± 2 ms)"],
    [-800, 1, 'ok', "this node's clock is 0.800 s ahead of the database's (± 1 ms)"],
    [3_000, 1, 'warn', "this node's clock is 3.000 s behind the database's (± 1 ms)"],
    [-7_500, 1, 'fail', "this node's clock is 7.500 s ahead of the database's (± 1 ms): audit times, session expiry and TOTP checks disagree"],
  ] as const)('%d ms (± %d): %s', (skew, uncertainty, status, detail) => {
    const result = classifySkew(skew, uncertainty);
    expect(result).toMatchObject({ name: 'clock', status, detail });
    if (status !== 'ok') expect(result.fix).toMatch(/NTP/);
  });

  it('a slow round trip is not taken for skew: the uncertainty is subtracted first', () => {
    expect(classifySkew(5_400, 600).status).toBe('warn');
    expect(classifySkew(1_400, 600).status).toBe('ok');
  });
});
