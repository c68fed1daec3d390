// The dashboard's one way to call the management API from the browser: same origin, the session cookie,
// JSON in and out. The API itself refuses cross-site cookie requests (403 forbidden_origin), checks the
// role and writes the audit row, so a page never holds a second implementation of any rule.
// `api.call(operationId, { params, query, body })` types the request and the answer from the route's own
// definition (lib/api/operations.ts, through components/ui/api-operations.ts): no page writes a response
// type by hand, and a field renamed in a response schema fails the type check of every page reading it.
import type { RouteCallInput, RouteSuccess } from '@/lib/api/operations';
import { operations, type OperationRoutes } from './api-operations';
import { operationUrl, type QueryValue } from './api-url';

export type OperationId = keyof OperationRoutes;
export type ApiInput<Id extends OperationId> = RouteCallInput<OperationRoutes[Id]>;
export type ApiSuccess<Id extends OperationId> = RouteSuccess<OperationRoutes[Id]>;
/** The JSON body of an operation's success, as its definition's response schema has it. */
export type ApiData<Id extends OperationId> = ApiSuccess<Id>['data'];

export type FieldError = { path: string; message: string };
/** Every refusal, whatever the operation: the API's error envelope, or `network_error` / `http_error` when there was none. */
export type ApiFailure = { ok: false; status: number; code: string; message: string; fields: FieldError[] };
export type ApiResult<Id extends OperationId> = ApiSuccess<Id> | ApiFailure;

/** The API's own message of a refusal; undefined when the server was unreachable or answered without the envelope. */
export const apiMessage = (failure: ApiFailure): string | undefined => (failure.code === 'network_error' || failure.code === 'http_error' ? undefined : failure.message);
/** A typed call's outcome, for helpers that take any operation's call (use-api-form). */
export type ApiOutcome<TData> = { ok: true; status: number; data: TData } | ApiFailure;

type Method = (typeof operations)[OperationId][0];
type LooseInput = { params?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown };
/** The input may be left out when nothing in it is required. */
type InputArgs<Id extends OperationId> = {} extends ApiInput<Id> ? [input?: ApiInput<Id>] : [input: ApiInput<Id>];

export const api = {
  call<Id extends OperationId>(operationId: Id, ...[input]: InputArgs<Id>): Promise<ApiResult<Id>> {
    const [method, template] = operations[operationId];
    const { params, query, body } = (input ?? {}) as LooseInput;
    return send(method, operationUrl(template, params, query), body) as Promise<ApiResult<Id>>;
  },
};

async function send(method: Method, url: string, body: unknown): Promise<ApiOutcome<unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
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
  if (response.ok) return { ok: true, status: response.status, data: parsed };
  const error = (parsed as { error?: { code?: string; message?: string; fields?: FieldError[] } } | null)?.error;
  return {
    ok: false,
    status: response.status,
    code: error?.code ?? 'http_error',
    message: error?.message ?? `The server answered ${response.status}.`,
    fields: Array.isArray(error?.fields) ? error.fields : [],
  };
}
