// DELETE /proxy/delete-cvc-session/{session_id} — forget a CVC session without using it.
import { z } from 'zod';
import { apiKeyAuth } from './auth/api-route';
import { defineRoute } from '../http/define-route';
import { VaultError } from '../core/errors';
import { error, message } from '../core/openapi-shapes';
import { deleteCvcSession } from '../vault/cvc-sessions';

const ZCvcSessionParams = z.object({ session_id: z.uuid().meta({ description: 'CVC session id (UUID).' }) });

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/proxy/delete-cvc-session/{session_id}',
  operationId: 'deleteCvcSession',
  tags: ['Proxy'],
  summary: 'Delete a CVC session',
  auth: apiKeyAuth({ action: 'cvc_session.delete', tokenization: true }),
  request: { params: ZCvcSessionParams },
  responses: {
    200: message('Deleted.'),
    400: error('`session_id` is not a UUID.'),
    404: error('`CVC session expired or not found`.'),
  },
  handler: async (call) => {
    const sessionId = call.params.session_id ?? '';
    if (!ZCvcSessionParams.shape.session_id.safeParse(sessionId).success) {
      throw VaultError.validation([{ path: 'session_id', message: 'session_id must be a UUID' }]);
    }
    await deleteCvcSession({ store: call.runtime.store, projectId: call.principal.project.id, sessionId });
    return call.json(200, { success: true, message: 'CVC session deleted successfully' });
  },
});
