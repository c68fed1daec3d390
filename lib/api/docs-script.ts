// GET /docs/scalar-<version>.js — the API reference's renderer (Scalar's browser bundle), from this origin.
import { z } from 'zod';
import { defineRoute, unauthenticated } from '../http/define-route';
import { acceptsGzip } from '../docs/accepts-gzip';
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
    const bundle = await loadScalarBundle();
    const gzipped = acceptsGzip(request.headers.get('accept-encoding'));
    return new Response(new Uint8Array(gzipped ? bundle.gzipped : bundle.plain), {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        vary: 'accept-encoding',
        ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
      },
    });
  },
});
