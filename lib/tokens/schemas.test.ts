import { describe, expect, it } from 'vitest';
import { zodIssuesToFields } from '../core/zod-fields';
import { encodeCursor } from '../core/cursor';
import { ZListTokensQuerySchema } from './schemas';

const paths = (query: Record<string, string>) => {
  const result = ZListTokensQuerySchema.safeParse(query);
  return result.error ? zodIssuesToFields(result.error).map((field) => field.path) : [];
};

describe('GET /api/tokens query schema', () => {
  it('defaults the limit to 25 and parses every filter', () => {
    expect(ZListTokensQuerySchema.parse({})).toEqual({ limit: 25 });
    const cursor = encodeCursor({ createdAt: new Date('2026-01-01T00:00:00.000Z'), id: '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11' });
    expect(
      ZListTokensQuerySchema.parse({ type: 'card', last4: '4242', brand: 'visa', limit: '100', cursor, project_id: '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11' }),
    ).toEqual({
      type: 'card',
      last4: '4242',
      brand: 'visa',
      limit: 100,
      cursor: { createdAt: new Date('2026-01-01T00:00:00.000Z'), id: '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11' },
      project_id: '0b6a9f8e-8d1f-4e55-9a55-2f5a0c2a8c11',
    });
  });

  it('a date covers its whole UTC day; a date-time is inclusive to the millisecond', () => {
    expect(ZListTokensQuerySchema.parse({ created_from: '2026-02-10', created_to: '2026-02-10' })).toMatchObject({
      created_from: { from: new Date('2026-02-10T00:00:00.000Z') },
      created_to: { to: new Date('2026-02-11T00:00:00.000Z') },
    });
    expect(ZListTokensQuerySchema.parse({ created_to: '2026-02-10T12:00:00+01:00' })).toMatchObject({
      created_to: { to: new Date('2026-02-10T11:00:00.001Z') },
    });
  });

  it('names the failing field', () => {
    expect(paths({ limit: '0' })).toEqual(['limit']);
    expect(paths({ limit: '101' })).toEqual(['limit']);
    expect(paths({ limit: '1.5' })).toEqual(['limit']);
    expect(paths({ type: 'wallet' })).toEqual(['type']);
    expect(paths({ last4: '123' })).toEqual(['last4']);
    expect(paths({ brand: 'VISA' })).toEqual(['brand']);
    expect(paths({ created_from: '2026-02-30' })).toEqual(['created_from']);
    expect(paths({ created_from: '2026-02-10T10:00:00' })).toEqual(['created_from']);
    expect(paths({ created_from: '2026-02-11', created_to: '2026-02-10' })).toEqual(['created_to']);
    expect(paths({ cursor: 'abc' })).toEqual(['cursor']);
    expect(paths({ project_id: 'x' })).toEqual(['project_id']);
    expect(paths({ projectId: 'x' })).toEqual(['projectId']);
  });
});
