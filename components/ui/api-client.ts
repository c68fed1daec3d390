// The dashboard's one way to call the management API from the browser: same origin, the session cookie,
// JSON in and out. The API itself refuses cross-site cookie requests (403 forbidden_origin), checks the
// role and writes the audit row, so a page never holds a second implementation of any rule.
export type FieldError = { path: string; message: string };
export type ApiFailure = { ok: false; status: number; code: string; message: string; fields: FieldError[] };
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export async function callApi<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: 'The server could not be reached. Try again.', fields: [] };
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const error = (parsed as { error?: { code?: string; message?: string; fields?: FieldError[] } } | null)?.error;
  return {
    ok: false,
    status: response.status,
    code: error?.code ?? 'http_error',
    message: error?.message ?? `The server answered ${response.status}.`,
    fields: Array.isArray(error?.fields) ? error.fields : [],
  };
}

/** The `{success, data}` envelope's data, for callers that know the route answers with one. */
export function dataOf<T>(result: { data: unknown }): T {
  return (result.data as { data: T }).data;
}
