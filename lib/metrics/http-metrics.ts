// HTTP requests by route, method and status with their latency. `route` is the route's path TEMPLATE
// (`/api/tokens/{token}`), never the path asked for (ids, tokens), or one of a closed set of names
// (`next` for pages, `unmatched` for unknown paths), so the label set stays small and carries no data.
import { Histogram } from 'prom-client';
import { processWide } from './registry';

export const NEXT_ROUTE = 'next';
export const UNMATCHED_ROUTE = 'unmatched';

const requests = processWide(
  'http',
  (registry) =>
    new Histogram({
      name: 'vault_http_request_duration_seconds',
      help: 'HTTP requests served, by route template, method and status: time from the request to the end of the response. _count is the number of requests.',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
);

/** Methods become labels as they are; anything else (an HTTP extension method) is `other`. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type Child = ReturnType<typeof requests.labels>;
/** Label children resolved once per route, method and status: recording is a few map lookups, no label object. */
const children = new Map<string, Map<string, Map<number, Child>>>();

export function recordHttpRequest(route: string, method: string, status: number, seconds: number): void {
  const byMethod = children.get(route) ?? children.set(route, new Map()).get(route)!;
  const name = KNOWN_METHODS.has(method) ? method : 'other';
  const byStatus = byMethod.get(name) ?? byMethod.set(name, new Map()).get(name)!;
  let child = byStatus.get(status);
  if (!child) byStatus.set(status, (child = requests.labels(route, name, String(status))));
  child.observe(seconds);
}
