// GET /metrics — Prometheus metrics on the main port, only when METRICS_TOKEN is set, as a bearer token.
import { defineRoute, unauthenticated } from '../http/define-route';
import { VaultError } from '../core/errors';
import { requestIdFor } from '../http/request-id';
import { errorResponse } from '../http/respond';
import { metricsText } from '../runtime/metrics-text';
import { metricsTokenMatches } from '../metrics/metrics-token';
import { error, malformedRequest } from '../core/openapi-shapes';
import { getRuntime } from '../runtime/shared';

export const GET = defineRoute({
  method: 'GET',
  path: '/metrics',
  operationId: 'getMetrics',
  tags: ['Operations'],
  summary: 'Prometheus metrics',
  description:
    'The process\'s metrics in the Prometheus text format (docs/operations.md, "Metrics and tracing", lists them). Served here only when `METRICS_TOKEN` is set, to `Authorization: Bearer <METRICS_TOKEN>`; without it this path is 404. `METRICS_PORT` serves the same text on a separate listener instead, with no token. Labels carry route templates and closed sets of outcomes, never paths, card data or keys.',
  auth: unauthenticated,
  responses: {
    200: { description: 'Prometheus text exposition format 0.0.4.', content: { 'text/plain': { schema: { type: 'string' } } } },
    401: error('Missing or wrong bearer token: `Authentication required`.'),
    404: error('`METRICS_TOKEN` is not set: `Not found`.'),
    ...malformedRequest,
  },
  // Not JSON: the handler builds its Response itself.
  handler: async ({ request }) => {
    const token = (await getRuntime()).config.METRICS_TOKEN;
    if (!token) return errorResponse(new VaultError('not_found', 'Not found'), requestIdFor(request));
    if (!metricsTokenMatches(request.headers.get('authorization'), token)) {
      const refused = errorResponse(new VaultError('unauthorized', 'Authentication required'), requestIdFor(request));
      refused.headers.set('www-authenticate', 'Bearer');
      return refused;
    }
    const { contentType, body } = await metricsText();
    return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
  },
});
