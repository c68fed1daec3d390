// GET /docs/scalar-<version>.js — the API reference's renderer (Scalar's browser bundle), from this origin.
import { z } from 'zod';
import { defineRoute, unauthenticated } from '../http/define-route';
import { scriptResponse } from '../docs/accepts-gzip';
import { loadScalarBundle, SCALAR_SCRIPT_PATH, SCALAR_VERSION } from '../docs/scalar-bundle';
import { malformedRequest } from '../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: SCALAR_SCRIPT_PATH,
  operationId: 'getApiReferenceScript',
  tags: ['Operations'],
  summary: 'API reference renderer (JavaScript)',
  description: `@scalar/api-reference ${SCALAR_VERSION}'s browser bundle, loaded by GET /docs. Versioned URL: cached for a year (immutable); gzip when accepted.`,
  auth: unauthenticated,
  responses: { 200: { description: 'The script.', content: { 'text/javascript': { schema: z.string() } } }, ...malformedRequest },
  handler: async ({ request }) => {
    return scriptResponse(request, await loadScalarBundle(), { 'cache-control': 'public, max-age=31536000, immutable' });
  },
});
