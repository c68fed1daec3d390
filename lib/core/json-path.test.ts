import { describe, expect, it } from 'vitest';
import { JSON_PATH_MAX_LENGTH, parseJsonPath, readJsonPath } from './json-path';

describe('parseJsonPath', () => {
  it.each([
    ['id', ['id']],
    ['a.b[0].c', ['a', 'b', 0, 'c']],
    ['$.a.b[0].c', ['a', 'b', 0, 'c']],
    ['$.data.charge.id', ['data', 'charge', 'id']],
    ['$[0].id', [0, 'id']],
    ['$[12][3]', [12, 3]],
    ['items[10]', ['items', 10]],
    ['transaction-id', ['transaction-id']],
    ['_x.2fa', ['_x', '2fa']],
  ])('%s → %j', (text, segments) => {
    expect(parseJsonPath(text)).toEqual(segments);
  });

  it.each([
    '', '$', '$.', '.a', 'a.', 'a..b', '[0]', 'a[]', 'a[-1]', 'a[01]', 'a[1.5]', 'a[x]', 'a b', 'a.*', '$..a',
    "a['b']", 'a["b"]', '$a', 'a.b.', 'a[0', 'a]0[', 'é', 'a/b', '$$.a', 'a[1234567890]',
  ])('refuses %j', (text) => {
    expect(parseJsonPath(text)).toBeNull();
  });

  it('refuses paths over the length limit or deeper than 32 segments', () => {
    expect(parseJsonPath('a'.repeat(JSON_PATH_MAX_LENGTH))).toEqual(['a'.repeat(JSON_PATH_MAX_LENGTH)]);
    expect(parseJsonPath('a'.repeat(JSON_PATH_MAX_LENGTH + 1))).toBeNull();
    expect(parseJsonPath(Array(32).fill('a').join('.'))).toHaveLength(32);
    expect(parseJsonPath(Array(33).fill('a').join('.'))).toBeNull();
  });
});

describe('readJsonPath', () => {
  const document = { id: 'ch_1', n: 0, f: false, z: null, data: { charge: { id: 42 }, items: [{ id: 'a' }, { id: 'b' }] } };

  it('follows keys and indexes', () => {
    expect(readJsonPath(document, ['id'])).toBe('ch_1');
    expect(readJsonPath(document, ['data', 'charge', 'id'])).toBe(42);
    expect(readJsonPath(document, ['data', 'items', 1, 'id'])).toBe('b');
    expect(readJsonPath([{ id: 'x' }], [0, 'id'])).toBe('x');
  });

  it('keeps falsy values (0, false, null) apart from missing ones (undefined)', () => {
    expect(readJsonPath(document, ['n'])).toBe(0);
    expect(readJsonPath(document, ['f'])).toBe(false);
    expect(readJsonPath(document, ['z'])).toBeNull();
    expect(readJsonPath(document, ['missing'])).toBeUndefined();
    expect(readJsonPath(document, ['z', 'deeper'])).toBeUndefined();
  });

  it('does not index objects by number, arrays by key, or strings at all', () => {
    expect(readJsonPath({ 0: 'x' }, [0])).toBeUndefined();
    expect(readJsonPath({ a: ['x'] }, ['a', 'length'])).toBeUndefined();
    expect(readJsonPath({ a: 'text' }, ['a', 0])).toBeUndefined();
    expect(readJsonPath({ a: [1] }, ['a', 5])).toBeUndefined();
    expect(readJsonPath(undefined, ['a'])).toBeUndefined();
    expect(readJsonPath('text', ['length'])).toBeUndefined();
  });

  it('follows own properties only (no prototype walking)', () => {
    expect(readJsonPath({}, ['constructor'])).toBeUndefined();
    expect(readJsonPath({}, ['__proto__'])).toBeUndefined();
    expect(readJsonPath({}, ['toString'])).toBeUndefined();
    expect(readJsonPath(JSON.parse('{"__proto__":{"id":"p"}}'), ['__proto__', 'id'])).toBe('p');
  });
});
