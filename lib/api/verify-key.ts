// GET /api/applications/key — verify an API key and describe what it may do (any valid key).
import { presentPermissions } from '../applications/present-application';
import { apiKeyAuth } from './auth/api-route';
import { defineRoute } from '../http/define-route';
import { ok } from '../core/openapi-shapes';
import { ZVerifyKeyResponseSchema } from '../vault/schemas';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/applications/key',
  operationId: 'verifyApiKey',
  tags: ['Vault'],
  summary: 'Verify an API key',
  description: 'Any valid key, whatever its permissions.',
  auth: apiKeyAuth({ action: 'api_key.verify', tokenization: false }),
  responses: { 200: ok('The key is valid.', ZVerifyKeyResponseSchema) },
  handler: async (call) => {
    const { application, project } = call.principal;
    return call.json(200, {
      success: true,
      message: 'API key is valid',
      data: {
        project_id: project.id,
        application_id: application.id,
        name: application.name,
        permissions: presentPermissions(application),
      },
    });
  },
});
