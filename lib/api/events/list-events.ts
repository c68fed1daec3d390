// GET /api/events — the account's events (any role), newest first, cursor-paginated: catch up on what a receiver missed.
import { defineRoute } from '../../http/define-route';
import { sessionAuth } from '../auth/session-route';
import { ANY_ROLE, error, ok, pageResponse } from '../../core/openapi-shapes';
import { listEvents } from '../../events/list-events';
import { ZEventView, ZListEventsQuerySchema } from '../../events/schemas';

export const GET = defineRoute({
  method: 'GET',
  path: '/api/events',
  operationId: 'listEvents',
  tags: ['Events'],
  summary: 'List events',
  description: `${ANY_ROLE} Newest first, cursor-paginated, optionally of one project or type and in [\`from\`, \`to\`). Each item is the envelope exactly as webhooks deliver it. Events are kept EVENT_RETENTION_DAYS (default 30) days.`,
  auth: sessionAuth(),
  request: { query: ZListEventsQuerySchema },
  responses: { 200: ok('A page of events.', pageResponse('EventPage', ZEventView)), 404: error('`Project not found`.') },
  handler: async (call) => {
    const page = await listEvents(call.runtime, { accountId: call.user.accountId, query: call.input.query() });
    return call.json(200, { success: true, data: page.rows, next_cursor: page.nextCursor });
  },
});
