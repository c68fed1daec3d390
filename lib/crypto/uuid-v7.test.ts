import { describe, expect, it } from 'vitest';
import { isUuid } from '../core/uuid';
import { uuidV7 } from './uuid-v7';

describe('uuidV7', () => {
  it('is an RFC 9562 version 7 UUID carrying the time in its first 48 bits', () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0, 123);
    const id = uuidV7(at);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time and differs within one millisecond', () => {
    const ids = [uuidV7(1_000), uuidV7(2_000), uuidV7(3_000)];
    expect([...ids].sort()).toEqual(ids);
    const same = new Set(Array.from({ length: 1000 }, () => uuidV7(5_000)));
    expect(same.size).toBe(1000);
  });
});
