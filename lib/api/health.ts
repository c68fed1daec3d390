// GET /health — the process is up (liveness); nothing else is checked.
import { z } from 'zod';
import { defineRoute, unauthenticated } from '../http/define-route';
import { malformedRequest, ok } from '../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/health',
  operationId: 'getHealth',
  tags: ['Operations'],
  summary: 'Liveness: the process is up',
  auth: unauthenticated,
  responses: { 200: ok('Up.', z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' })), ...malformedRequest },
  handler: async () => plainJson(200, { status: 'ok' }),
});

/** JSON without a request id: liveness and readiness answers are the same for every caller. */
export const plainJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
