// One definition per endpoint: method, path as the spec writes it, auth kind, request and response schemas,
// docs and the handler, in the endpoint's own file under lib/api/. The fast door's router
// (lib/http/router.ts) and GET /openapi.json (lib/openapi/document.ts) are both built from the list of
// definitions (lib/api/routes.ts), and app/**/route.ts re-exports the handler: a route that is not defined
// is neither served nor documented.
import { Readable } from 'node:stream';
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z, ZodType } from 'zod';
import { VaultError } from '../core/errors';
import { parseJsonRequest } from './read-body';
import { nulIssuesInRequest } from '../core/reject-nul';
import { requestIdFor } from './request-id';
import { errorResponse } from './respond';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route wrapper gets besides the request: path parameters (Next) and the body the fast door already read. */
export type RouteContext = {
  params?: Promise<Record<string, string | string[] | undefined>>;
  /** The body, already read by the fast door (then the Request carries none, saving a stream copy). */
  rawBody?: Uint8Array;
  /**
   * The body as a stream, unread, for a route whose documented body is not JSON (streamsBody: an import
   * file of up to IMPORT_MAX_BYTES): the fast door's socket, or the Next Request's body.
   */
  bodyStream?: Readable;
};

/** Whether a route takes its body as a stream (its documented body has no JSON form: an uploaded file), not read into memory first. */
export function streamsBody(definition: { request?: RequestSpec }): boolean {
  const content = definition.request?.body?.content;
  return content !== undefined && !('application/json' in content);
}

/** A Web-standard handler, as Next's route files and the fast door call it. */
export type WebHandler = (request: Request, context?: RouteContext) => Promise<Response>;

/**
 * How a route authenticates: its kind, what it documents on every route of that kind (the OpenAPI security
 * requirement, the header parameters it reads, the answers it gives on its own: 401, 403, 503, …), and the
 * wrapper that enforces it and builds the handler's `call`. Each wrapper module exports its own factory
 * (apiKeyAuth, sessionAuth, managerAuth, publicAuth, …).
 */
export type RouteAuth<Call> = {
  kind: 'apiKey' | 'session' | 'hybrid' | 'merchantKeys' | 'public';
  security: Record<string, string[]>[];
  /** Answers of the auth itself; a definition may describe one of these statuses more precisely. */
  responses: RouteResponses;
  /** Header parameters the kind reads (X-Pub-Key, Idempotency-Key). */
  parameters?: RouteConfig['parameters'];
  wrap(handler: (call: Call) => Promise<Response>): WebHandler;
};

type RequestSpec = NonNullable<RouteConfig['request']>;
/** Documented answers by status. */
export type RouteResponses = Record<number, ResponseConfig>;

type JsonSchemaOf<T> = T extends { content: { 'application/json': { schema: infer S } } } ? (S extends ZodType ? S : never) : never;
type JsonStatus<R> = { [S in keyof R]: [JsonSchemaOf<R[S]>] extends [never] ? never : S }[keyof R] & number;
type QuerySchemaOf<Q> = Q extends { query: infer S } ? (S extends ZodType ? S : never) : never;

/** `call.json` narrowed to the statuses the definition documents as JSON, each with its schema's shape. */
export type TypedJson<R> = <S extends JsonStatus<R>>(status: S, body: z.output<JsonSchemaOf<R[S]>>, headers?: HeadersInit) => Response;

/** The request body and query, parsed with the schemas the definition documents (the few handlers that must parse by hand say why). */
export type RouteInput<Q> = {
  /** 415 unless JSON, 400 when malformed or invalid; an optional body (`required: false`) may be empty. */
  body(): z.output<JsonSchemaOf<Q extends { body: infer B } ? B : never>>;
  /** The query string's parameters (the last of repeated ones), 400 when invalid. */
  query(): z.output<QuerySchemaOf<Q>>;
};

export type TypedCall<Call, Q, R> = (Call extends { json: unknown } ? Omit<Call, 'json'> & { json: TypedJson<R> } : Call) & { input: RouteInput<Q> };

type Documentation = Omit<RouteConfig, 'method' | 'path' | 'request' | 'responses' | 'operationId' | 'security'>;

export type RouteSpec<Call, Q extends RequestSpec, R extends RouteResponses, M extends HttpMethod = HttpMethod, P extends string = string, O extends string = string> = Documentation & {
  method: M;
  /** As the spec writes it, parameters in braces: `/proxy/delete-cvc-session/{session_id}`. */
  path: P;
  /** camelCase verb + noun, unique: SDK generators name their methods after it. */
  operationId: O;
  /** Served from CHECKOUT_URL rather than APP_URL (the customer's calls from the checkout page). */
  server?: 'checkout';
  auth: RouteAuth<Call>;
  request?: Q;
  responses: R;
  handler: (call: TypedCall<Call, Q, R>) => Promise<Response>;
};

/** Everything about an endpoint but its handler function: what the router and the document read. */
export type RouteDefinition = Omit<RouteSpec<unknown, RequestSpec, RouteResponses>, 'handler'>;

/** The handler Next and the fast door call, carrying its definition. */
export type DefinedRoute = WebHandler & { readonly definition: RouteDefinition };

/**
 * A DefinedRoute whose definition keeps its literal method, path and operationId and its request and
 * response types: the dashboard's typed client (lib/api/operations.ts) reads them by operationId.
 */
export type TypedRoute<M extends HttpMethod, P extends string, O extends string, Q extends RequestSpec, R extends RouteResponses> = WebHandler & {
  readonly definition: Omit<RouteDefinition, 'method' | 'path' | 'operationId' | 'request' | 'responses'> & { method: M; path: P; operationId: O; request?: Q; responses: R };
};

export function defineRoute<
  Call extends object,
  Q extends RequestSpec = RequestSpec,
  R extends RouteResponses = RouteResponses,
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  O extends string = string,
>(spec: RouteSpec<Call, Q, R, M, P, O>): TypedRoute<M, P, O, Q, R> {
  const { handler, ...definition } = spec;
  const wrapped = spec.auth.wrap((call) => {
    const typed = call as TypedCall<Call, Q, R>;
    typed.input = new ParsedInput(call as InputSource, spec.request);
    return handler(typed);
  });
  // U+0000 in the URL or a header is refused before the wrapper reads anything (ids in audit rows and
  // lookups included): a 400 naming the parameter or header. Bodies are checked where they are parsed.
  const streaming = streamsBody(spec);
  const handle: WebHandler = async (request, context) => {
    const issues = nulIssuesInRequest(request, context?.params ? await context.params : undefined);
    if (issues.length) return errorResponse(VaultError.validation(issues), requestIdFor(request));
    if (streaming && !context?.bodyStream) {
      // Under Next: the Request's own stream (the fast door hands its socket).
      const bodyStream = request.body ? Readable.fromWeb(request.body as import('node:stream/web').ReadableStream) : Readable.from([]);
      return wrapped(request, { ...context, bodyStream });
    }
    return wrapped(request, context);
  };
  return Object.assign(handle, { definition: definition as TypedRoute<M, P, O, Q, R>['definition'] });
}

type InputSource = { request: Request; body?: Uint8Array };
const EMPTY = new Uint8Array();

/** One small object per request (methods on the prototype): parsing happens only when the handler asks. */
class ParsedInput<Q extends RequestSpec> implements RouteInput<Q> {
  constructor(
    private readonly call: InputSource,
    private readonly request: Q | undefined,
  ) {}

  body(): ReturnType<RouteInput<Q>['body']> {
    const schema = (this.request?.body?.content['application/json'] as { schema?: ZodType } | undefined)?.schema;
    if (!schema) throw new Error('this route documents no JSON body');
    const bytes = this.call.body ?? EMPTY;
    // An optional body may be left out entirely: then it is validated as `{}` (every field's default).
    const value = this.request?.body?.required === false && bytes.byteLength === 0 ? {} : parseJsonRequest(this.call.request, bytes);
    return schema.parse(value) as ReturnType<RouteInput<Q>['body']>;
  }

  query(): ReturnType<RouteInput<Q>['query']> {
    const schema = this.request?.query as ZodType | undefined;
    if (!schema) throw new Error('this route documents no query');
    return schema.parse(Object.fromEntries(new URL(this.call.request.url).searchParams)) as ReturnType<RouteInput<Q>['query']>;
  }
}

/** Auth kind `public` without any wrapper: liveness, readiness and the document need no runtime. */
export const unauthenticated: RouteAuth<{ request: Request }> = {
  kind: 'public',
  security: [],
  responses: {},
  wrap: (handler) => (request) => handler({ request }),
};
