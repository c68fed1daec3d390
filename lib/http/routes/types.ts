import type { RouteContext } from '../api-route';

export type RouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;

/** One path of the route table: a pattern, the names of its captured segments, a handler per method. */
export type Route = { pattern: RegExp; params: string[]; methods: Record<string, RouteHandler> };
