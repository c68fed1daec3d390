// GET /ready — database and store reachable (readiness), each checked within 2 s.
import { defineRoute, unauthenticated } from '../http/define-route';
import { checkReadiness, ZReadinessSchema } from '../runtime/check-readiness';
import { malformedRequest, ok } from '../core/openapi-shapes';
import { plainJson } from './health';

export const GET = defineRoute({
  method: 'GET',
  path: '/ready',
  operationId: 'getReadiness',
  tags: ['Operations'],
  summary: 'Readiness: database and store reachable',
  description:
    'Each dependency is pinged, at most 2 s each. `checks` says which answered (`ok` / `unavailable`); `latency_ms` says how long each ping took (null when it failed). `GET /health` stays trivial: the process is up.',
  auth: unauthenticated,
  responses: { 200: ok('Ready.', ZReadinessSchema), 503: ok('Database or store unreachable.', ZReadinessSchema), ...malformedRequest },
  handler: async () => {
    const readiness = await checkReadiness();
    return plainJson(readiness.status === 'ready' ? 200 : 503, readiness);
  },
});
