// The small JSON-path dialect of processor configurations: `a.b[0].c`, optionally rooted as
// `$.a.b[0].c` (or `$[0].id` for a response that is an array). Keys are letters, digits, `_` and `-`;
// indexes are non-negative integers. Nothing else (no wildcards, filters or quoted keys): a path names
// exactly one place in the PSP's answer.

export type JsonPath = ReadonlyArray<string | number>;

export const JSON_PATH_MAX_LENGTH = 256;
const MAX_SEGMENTS = 32;
const SEGMENTS = /^(?:\.[A-Za-z0-9_-]+|\[(?:0|[1-9][0-9]{0,8})\])+$/;
const SEGMENT = /\.([A-Za-z0-9_-]+)|\[([0-9]+)\]/g;

/** The segments of `text`, or null when it is not a path of this dialect. */
export function parseJsonPath(text: string): JsonPath | null {
  if (text.length === 0 || text.length > JSON_PATH_MAX_LENGTH) return null;
  // `$` is followed by `.key` or `[n]`; an unrooted path starts with a key, as if after `$.`.
  const chain = text.startsWith('$') ? text.slice(1) : text.startsWith('.') || text.startsWith('[') ? '' : `.${text}`;
  if (!SEGMENTS.test(chain)) return null;
  const segments = [...chain.matchAll(SEGMENT)].map((match) => (match[1] !== undefined ? match[1] : Number(match[2])));
  return segments.length <= MAX_SEGMENTS ? segments : null;
}

/**
 * The value at `path` in a parsed JSON document, or undefined when any step is missing. Only own
 * properties of plain objects and elements of arrays are followed (`__proto__`, `constructor` are just
 * missing keys).
 */
export function readJsonPath(document: unknown, path: JsonPath): unknown {
  let current: unknown = document;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return undefined;
      current = current[segment];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}
