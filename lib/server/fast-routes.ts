// The fast door's route table: the router compiled once from the route definitions (lib/api/routes.ts).
// The custom server dispatches these paths straight to their handlers (no Next router on the hot path);
// app/**/route.ts re-exports the same handlers for `next dev`.
import { routes } from '../api/routes';
import { compileRouter } from '../http/router';

/** The vault route for a method and path, or null when the path is not a vault API path. */
export const matchFastRoute = compileRouter(routes);
