// DELETE /proxy/delete-cvc-session/{session_id} — forget a CVC session without using it.
import { z } from 'zod';
import { apiRoute } from '../http/api-route';
import { VaultError } from '../http/errors';
import { deleteCvcSession } from '../vault/cvc-sessions';

const ZSessionId = z.uuid();

export const DELETE = apiRoute({ action: 'cvc_session.delete', tokenization: true }, async (call) => {
  const sessionId = call.params.session_id ?? '';
  if (!ZSessionId.safeParse(sessionId).success) {
    throw VaultError.validation([{ path: 'session_id', message: 'session_id must be a UUID' }]);
  }
  await deleteCvcSession({ store: call.runtime.store, projectId: call.principal.project.id, sessionId });
  return call.json(200, { success: true, message: 'CVC session deleted successfully' });
});
