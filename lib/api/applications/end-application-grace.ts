// DELETE /api/applications/{id}/previous-key — end a key rotation's grace period now (owner/admin).
import { endApplicationGrace } from '../../applications/end-application-grace';
import { presentApplication } from '../../applications/present-application';
import { ZApplicationResponse } from '../../applications/schemas';
import { defineRoute } from '../../http/define-route';
import { managerAuth } from '../auth/managed-route';
import { MANAGERS_ONLY, OTHER_ACCOUNT_404, error, idParam, ok } from '../../core/openapi-shapes';
import { applicationNotFound } from './docs';

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/applications/{id}/previous-key',
  operationId: 'endApplicationKeyGrace',
  tags: ['Applications'],
  summary: 'End the previous key\'s grace period now',
  description: `${MANAGERS_ONLY} After POST /api/applications/{id}/rotate-key with \`grace_period_seconds\`, the previous key keeps working until \`previous_key_expires_at\`; this ends that now: the previous key is refused at once on this node, within 5 s on others. Audited as \`application.end_grace\`. ${OTHER_ACCOUNT_404}`,
  auth: managerAuth('application.end_grace'),
  request: { params: idParam('Application') },
  responses: {
    200: ok('Grace period ended; the application without a previous key.', ZApplicationResponse),
    ...applicationNotFound,
    409: error('`no_grace_period`: `The application has no previous key in its grace period`.'),
  },
  handler: async (call) => {
    const application = await endApplicationGrace(call.runtime, { accountId: call.user.accountId, applicationId: call.params.id ?? '' });
    Object.assign(call.target, { projectId: application.projectId, applicationId: application.id });
    return call.json(200, { success: true, data: presentApplication(application) });
  },
});
