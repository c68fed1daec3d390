import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

describe('token list cursor', () => {
  const position = { createdAt: new Date('2026-01-02T03:04:05.006Z'), id: '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11' };

  it('round-trips (created_at, id) as base64url', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it('refuses anything it did not issue', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const raw of ['', 'not base64!', b64('x|y'), b64('2026-01-02T03:04:05.006Z'), b64('2026-13-02T03:04:05.006Z|0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11'), b64(`${position.createdAt.toISOString()}|${position.id}|extra`), 'A'.repeat(201)]) {
      expect(decodeCursor(raw)).toBeNull();
    }
  });
});
