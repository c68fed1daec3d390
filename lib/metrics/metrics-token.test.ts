import { describe, expect, it } from 'vitest';
import { metricsTokenMatches } from './metrics-token';

const TOKEN = 'metrics-token-0123456789';

describe('metricsTokenMatches', () => {
  it.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(0, -1)}`, false],
    [TOKEN, false],
    [`Basic ${TOKEN}`, false],
    ['Bearer ', false],
    [null, false],
  ])('%s → %s', (authorization, expected) => {
    expect(metricsTokenMatches(authorization, TOKEN)).toBe(expected);
  });
});
