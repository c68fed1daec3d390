// GET /api/events/{id} — one event of the account (any role), as delivered.
import { z } from 'zod';
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, OTHER_ACCOUNT_404, dataResponse, error, ok } from '../../core/openapi-shapes';
import { getEventOrThrow } from '../../events/get-event-or-throw';
import { ZEventView } from '../../events/schemas';

export const eventIdParam = z.object({ id: z.string().meta({ description: 'Event id (`evt_…`, the `webhook-id` header of its deliveries).' }) });
export const eventNotFound = { 404: error(`\`Event not found\`. ${OTHER_ACCOUNT_404}`) };

export const GET = defineRoute({
  method: 'GET',
  path: '/api/events/{id}',
  operationId: 'getEvent',
  tags: ['Events'],
  summary: 'Get one event',
  description: `${ANY_ROLE} The envelope exactly as its deliveries carried it. ${OTHER_ACCOUNT_404}`,
  auth: sessionAuth(),
  request: { params: eventIdParam },
  responses: { 200: ok('The event.', dataResponse('EventResponse', ZEventView)), ...eventNotFound },
  handler: async (call) => {
    const event = await getEventOrThrow(call.runtime, { accountId: call.user.accountId, eventId: call.params.id ?? '' });
    return call.json(200, { success: true, data: event.envelope });
  },
});
