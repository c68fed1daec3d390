// Auth kind `hybrid` for a route that serves servers and the dashboard alike (POST /test-tokens): the API
// key door (apiRoute: its checks and its audit row) when an X-API-Key is sent, otherwise the session door
// (sessionRoute, one of `roles`). The handler learns which from `call.door`.
import type { SessionUser } from '../../auth/sessions';
import { error } from '../../core/openapi-shapes';
import { apiKeyAuth, apiRoute, type ApiCall, type ApiRouteOptions } from './api-route';
import type { RouteAuth } from '../../http/define-route';
import { sessionTokenOf } from '../../http/session-cookie';
import { CROSS_SITE_REFUSAL, MFA_ENROLMENT_REFUSAL, SESSION_SECURITY, refusals, sessionAuth, sessionRoute, type SessionCall } from './session-route';

export type ApiKeyOrSessionCall = ({ door: 'apiKey' } & ApiCall) | ({ door: 'session' } & SessionCall);

export function apiKeyOrSessionAuth(options: { apiKey: ApiRouteOptions; roles: SessionUser['role'][] }): RouteAuth<ApiKeyOrSessionCall> {
  const keyDoor = apiKeyAuth(options.apiKey);
  return {
    kind: 'hybrid',
    security: [...keyDoor.security, ...SESSION_SECURITY],
    parameters: keyDoor.parameters,
    responses: {
      ...sessionAuth({ roles: options.roles }).responses,
      ...keyDoor.responses,
      401: error('`Invalid API key` (an X-API-Key: missing, unknown or revoked; for production keys also `X-Pub-Key header is required for production API keys` or `Invalid pub key`), or `Authentication required` (a session that is invalid, expired or revoked).'),
      403: refusals(`\`Insufficient permissions\`: a key without the tokenization permission, or a session whose role is not one of ${options.roles.join(', ')}.`, MFA_ENROLMENT_REFUSAL, CROSS_SITE_REFUSAL),
    },
    wrap(handler) {
      const withApiKey = apiRoute(options.apiKey, (call) => handler({ door: 'apiKey', ...call }));
      const withSession = sessionRoute({ roles: options.roles }, (call) => handler({ door: 'session', ...call }));
      return (request, context) => {
        const sessionOnly = request.headers.get('x-api-key') === null && sessionTokenOf(request) !== null;
        return sessionOnly ? withSession(request, context) : withApiKey(request, context);
      };
    },
  };
}
