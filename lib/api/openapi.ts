// GET /openapi.json — the OpenAPI 3.1 description of the vault API, built from the route definitions. The
// route is made from a function that gives the list (lib/api/routes.ts), which includes this route: no cycle.
import { z } from 'zod';
import { getConfig } from '../config';
import { defineRoute, unauthenticated, type DefinedRoute } from '../http/define-route';
import { openApiJson } from '../openapi/document';
import { malformedRequest } from '../core/openapi-shapes';
import { existingRuntime } from '../runtime/shared';

export const defineOpenApiRoute = (listRoutes: () => readonly DefinedRoute[]) =>
  defineRoute({
    method: 'GET',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tags: ['Operations'],
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of every route this vault serves; `servers` is APP_URL (CHECKOUT_URL for the checkout page\'s calls).',
    auth: unauthenticated,
    responses: { 200: { description: 'The OpenAPI document.', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } }, ...malformedRequest },
    handler: async () => {
      // The running vault's configuration (tests build theirs), else the environment's: never starts a runtime.
      const { APP_URL, CHECKOUT_URL } = (await existingRuntime())?.config ?? getConfig();
      return new Response(openApiJson(listRoutes(), { appUrl: APP_URL, checkoutUrl: CHECKOUT_URL }), {
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
      });
    },
  });
