// A call's URL from its operation's path template as the definitions write it (`/api/events/{id}/resend`):
// each `{name}` replaced by its value, URI-encoded, then the query. Pure, so a unit test pins it.

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export function operationUrl(template: string, params: Readonly<Record<string, string>> = {}, query: Readonly<Record<string, QueryValue>> = {}): string {
  const path = template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    // The types require every parameter: a missing one is a bug, never a request to `/…/undefined`.
    if (typeof value !== 'string') throw new Error(`${template}: the path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    // Absent values are left out; a list repeats its key (the API reads the last of repeated ones).
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}
