// GET /ready — database and store reachable (readiness), each checked within 2 s.
import { defineRoute, unauthenticated } from '../http/define-route';
import { checkReadiness, ZReadinessSchema } from '../health/check-readiness';
import { malformedRequest, ok } from '../openapi/shared';
import { plainJson } from './health';

export const GET = defineRoute({
  method: 'GET',
  path: '/ready',
  operationId: 'getReadiness',
  tags: ['Operations'],
  summary: 'Readiness: database and store reachable',
  auth: unauthenticated,
  responses: { 200: ok('Ready.', ZReadinessSchema), 503: ok('Database or store unreachable.', ZReadinessSchema), ...malformedRequest },
  handler: async () => {
    const readiness = await checkReadiness();
    return plainJson(readiness.status === 'ready' ? 200 : 503, readiness);
  },
});
