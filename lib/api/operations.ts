// What a call to one route sends and what its success answers, read from a `TypedRoute`'s definition
// (lib/http/define-route.ts keeps the literal method, path and operationId and the request and response
// schemas). The dashboard's client (components/ui/api-client.ts) types every call from these, so a field
// renamed in a schema fails the type check of every page reading it. Types only: nothing here runs.
import type { z, ZodType } from 'zod';

type DefinitionOf<Route> = Route extends { readonly definition: infer D } ? D : never;
type RequestOf<Route> = NonNullable<DefinitionOf<Route> extends { readonly request?: infer Q } ? Q : never>;
type ResponsesOf<Route> = DefinitionOf<Route> extends { readonly responses: infer R } ? R : never;
type JsonSchemaOf<T> = T extends { content: { 'application/json': { schema: infer S } } } ? (S extends ZodType ? S : never) : never;

/** `{id}` names of a path as the definitions write it: `/api/events/{id}/resend` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

type ParamsInput<P extends string> = [PathParamNames<P>] extends [never] ? { params?: undefined } : { params: { [K in PathParamNames<P>]: string } };
// What the caller sends is the schema's input (defaults optional); the server parses it into the output.
type QueryInput<Q> = Q extends { query: infer S extends ZodType } ? ({} extends z.input<S> ? { query?: z.input<S> } : { query: z.input<S> }) : { query?: undefined };
type BodyInput<Q> = Q extends { body: infer B }
  ? B extends { required: false }
    ? { body?: z.input<JsonSchemaOf<B>> }
    : { body: z.input<JsonSchemaOf<B>> }
  : { body?: undefined };

/** `{ params, query, body }` of a call: params from the path's `{names}`, query and body from the request schemas. */
export type RouteCallInput<Route> = DefinitionOf<Route> extends { readonly path: infer P extends string }
  ? ParamsInput<P> & QueryInput<RequestOf<Route>> & BodyInput<RequestOf<Route>>
  : never;

type SuccessStatus<R> = { [S in keyof R]: S extends number ? (`${S}` extends `2${string}` ? S : never) : never }[keyof R];

/**
 * One member per documented 2xx status: its JSON body as the handler's `call.json` writes it (the schema's
 * output, sent as is), or null for an answer without a JSON body (204).
 */
export type RouteSuccess<Route> = {
  [S in SuccessStatus<ResponsesOf<Route>>]: {
    ok: true;
    status: S;
    data: [JsonSchemaOf<ResponsesOf<Route>[S]>] extends [never] ? null : z.output<JsonSchemaOf<ResponsesOf<Route>[S]>>;
  };
}[SuccessStatus<ResponsesOf<Route>>];
