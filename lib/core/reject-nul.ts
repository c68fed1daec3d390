// U+0000 (NUL) is refused in every string of every request: PostgreSQL cannot store it in text (error
// 22021), so a NUL that reached a query used to be a 500. Checked centrally, before anything reads the
// input: the URL (path parameters, query) and headers by defineRoute for every route, JSON bodies by
// parseJson (lib/core/json-body.ts) for every handler, hand-parsing ones included. The proxy's forwarded
// `request_data` and raw (form, XML) bodies are exempt: they are sent on to the PSP, never stored.
// The answer is a 400 `validation_error` naming the field; never the value.
import { dottedPath } from './zod-fields';
import { VaultError, type FieldIssue } from './errors';

const NUL = '\u0000';
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
/** A body with thousands of NULs is named by its first few fields. */
const MAX_ISSUES = 10;

/** A key holding a NUL, written so the error message does not carry the character itself (`␀`, U+2400). */
function visibleKey(key: string): string {
  return key.replaceAll(NUL, '\u2400');
}

function issue(path: readonly PropertyKey[]): FieldIssue {
  return { path: dottedPath(path.map((segment) => (typeof segment === 'string' ? visibleKey(segment) : segment))), message: NUL_MESSAGE };
}

/**
 * The fields of a parsed JSON value whose string (or key) holds a NUL; `skip` names top-level keys whose
 * values are not checked (the proxy's `request_data`).
 */
export function nulIssuesInJson(value: unknown, options: { skip?: readonly string[] } = {}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const walk = (current: unknown, path: PropertyKey[]): void => {
    if (issues.length >= MAX_ISSUES) return;
    if (typeof current === 'string') {
      if (current.includes(NUL)) issues.push(issue(path));
      return;
    }
    if (Array.isArray(current)) {
      current.forEach((item, index) => walk(item, [...path, index]));
      return;
    }
    if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (path.length === 0 && options.skip?.includes(key)) continue;
        if (key.includes(NUL)) issues.push(issue([...path, key]));
        else walk(item, [...path, key]);
      }
    }
  };
  walk(value, []);
  return issues;
}

/** JSON text can only hold a NUL as the escape `\u0000` (a raw control character is invalid JSON). */
export function jsonTextMayHoldNul(text: string): boolean {
  return text.includes('\\u0000');
}

/** Throws the 400 when a parsed JSON body holds a NUL outside `skip`. */
export function assertNoNulInJson(value: unknown, options: { skip?: readonly string[] } = {}): void {
  const issues = nulIssuesInJson(value, options);
  if (issues.length) throw VaultError.validation(issues);
}

/**
 * The request's URL and headers: path parameters (named by the template's name), query parameters (by
 * their name), the path itself (`path`, for a `%00` outside any parameter) and header values (by the
 * header's name).
 */
export function nulIssuesInRequest(request: Request, params: Record<string, string | string[] | undefined> = {}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  // A URL can only carry a NUL percent-encoded (the HTTP parser refuses a raw one): without `%00` the path,
  // its parameters and the query hold none, and the URL is not parsed again (the hot path).
  // The fast door's request has its raw target (node-bridge.ts): the same `%00` test without building the URL.
  const target = (request as { target?: string }).target ?? request.url;
  if (target.includes('%00')) {
    const url = new URL(request.url);
    for (const [name, value] of Object.entries(params)) {
      const values = Array.isArray(value) ? value : [value ?? ''];
      if (name.includes(NUL) || values.some((part) => part.includes(NUL))) issues.push(issue([name]));
    }
    if (issues.length === 0 && url.pathname.includes('%00')) issues.push({ path: 'path', message: NUL_MESSAGE });
    for (const [name, value] of url.searchParams) {
      if (name.includes(NUL) || value.includes(NUL)) issues.push(issue([name]));
    }
  }
  // Node's parser refuses a NUL in a header value too; checked anyway for any other way a Request is made.
  for (const [name, value] of request.headers) {
    if (value.includes(NUL)) issues.push({ path: name, message: NUL_MESSAGE });
  }
  return issues.slice(0, MAX_ISSUES);
}

/**
 * A form request (next-auth's sign-in posts `application/x-www-form-urlencoded`) answered 400 when its URL,
 * headers or any form field holds a NUL; null when it holds none. Reads a clone: the handler still gets
 * the whole body.
 */
export async function nulRefusalForForm(request: Request): Promise<VaultError | null> {
  const issues = nulIssuesInRequest(request);
  if (request.method === 'POST' && request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) {
    for (const [name, value] of new URLSearchParams(await request.clone().text())) {
      if (name.includes(NUL) || value.includes(NUL)) issues.push(issue([name]));
    }
  }
  return issues.length ? VaultError.validation(issues.slice(0, MAX_ISSUES)) : null;
}
