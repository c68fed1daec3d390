// GET /api/applications/key — verify an API key and describe what it may do (any valid key).
import { apiRoute } from '../http/api-route';

export const GET = apiRoute({ action: 'api_key.verify', tokenization: false }, async (call) => {
  const { application, project } = call.principal;
  return call.json(200, {
    success: true,
    message: 'API key is valid',
    data: {
      project_id: project.id,
      application_id: application.id,
      name: application.name,
      permissions: {
        tokenization: { allowed: application.tokenization },
        provisioning: { allowed: application.provisioning },
      },
    },
  });
});
