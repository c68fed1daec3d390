import { describe, expect, it } from 'vitest';
import { DASHBOARD_HOME, safeCallbackPath } from './safe-callback-path';

describe('safeCallbackPath', () => {
  it.each(['/dashboard', '/dashboard?tab=keys', '/checkout/cs_1'])('keeps the site path %s', (path) => {
    expect(safeCallbackPath(path)).toBe(path);
  });

  it.each([undefined, 42, '', 'dashboard', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/\tjavascript:alert(1)', 'javascript:alert(1)'])(
    'sends %j to the dashboard instead',
    (value) => {
      expect(safeCallbackPath(value)).toBe(DASHBOARD_HOME);
    },
  );
});
