// GET /auth/mfa/status — whether MFA is on and how many backup codes are left. GET /mfa-status is the same
// answer at the root path (get-mfa-status-alias.ts): both definitions share this file's docs and handler.
import { ZMfaStatusResponse } from '../../auth/schemas';
import { defineRoute, type TypedCall } from '../../http/define-route';
import { sessionAuth, type SessionCall } from '../auth/session-route';
import { mfaStatus } from '../../auth/mfa/manage-mfa';
import { ok } from '../../core/openapi-shapes';

const responses = { 200: ok('MFA status.', ZMfaStatusResponse) };

/** The documentation, auth and handler both MFA status paths share. */
export const mfaStatusRoute = {
  tags: ['Auth'],
  description: 'Whether MFA is on and how many backup codes are left.',
  auth: sessionAuth({ openDuringMfaEnrolment: true }),
  responses,
  handler: async (call: TypedCall<SessionCall, object, typeof responses>) => call.json(200, { success: true, ...(await mfaStatus(call.runtime, call.user.id)) }),
};

export const GET = defineRoute({ method: 'GET', path: '/auth/mfa/status', operationId: 'getMfaStatus', summary: 'MFA status', ...mfaStatusRoute });
