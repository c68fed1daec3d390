// GET /docs — the API reference page, rendered in the browser from /openapi.json by a first-party bundle.
import { z } from 'zod';
import { defineRoute, unauthenticated } from '../http/define-route';
import { DOCS_CONTENT_SECURITY_POLICY } from '../docs/csp';
import { docsPageHtml } from '../docs/docs-page';
import { SCALAR_SCRIPT_PATH } from '../docs/scalar-bundle';
import { malformedRequest } from '../core/openapi-shapes';

export const GET = defineRoute({
  method: 'GET',
  path: '/docs',
  operationId: 'getApiReference',
  tags: ['Operations'],
  summary: 'API reference (HTML)',
  description: `This document rendered as a browsable reference (Scalar, served by this vault at ${SCALAR_SCRIPT_PATH}; no CDN, fonts or telemetry). Its Content-Security-Policy allows scripts and requests to this origin only, so the "Test Request" client works when the page is opened at APP_URL.`,
  auth: unauthenticated,
  responses: { 200: { description: 'The page.', content: { 'text/html': { schema: z.string() } } }, ...malformedRequest },
  handler: async () =>
    new Response(docsPageHtml(), {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        // Tiny, and revalidated so a new policy or bundle version applies at once.
        'cache-control': 'no-cache',
      },
    }),
});
