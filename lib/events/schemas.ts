// Query and response schemas of the events API (GET /api/events, GET /api/events/{id}, resend).
import { z } from 'zod';
import { cursorField, isoDateOrDateTimeField, pageLimitField, required } from '../core/query-fields';
import { ZEventType } from './event-types';

export const EVENT_ID = /^evt_[0-9A-Za-z]{1,64}$/;
export const isEventId = (value: string) => EVENT_ID.test(value);

const isoBound = (name: string) => isoDateOrDateTimeField(name, ({ at }) => at);

export const ZListEventsQuerySchema = z.strictObject({
  project_id: z.uuid({ error: required('project_id', 'a UUID') }).optional(),
  type: ZEventType.optional().meta({ description: 'Only events of this type.' }),
  from: isoBound('from').optional().meta({ description: 'Created at or after (ISO 8601 date or date-time).' }),
  to: isoBound('to').optional().meta({ description: 'Created before (ISO 8601 date or date-time).' }),
  limit: pageLimitField(25, 100),
  cursor: cursorField(isEventId).optional(),
});
export type TListEventsQuery = z.infer<typeof ZListEventsQuerySchema>;

export const ZResendEventRequestSchema = z.strictObject({
  endpoint_id: z
    .uuid({ error: (issue) => (issue.input === undefined ? 'endpoint_id is required' : 'endpoint_id must be a UUID') })
    .optional()
    .meta({ description: 'Only to this endpoint (of the event\'s project); default: every enabled endpoint subscribed to the type.' }),
});

export const ZEventView = z
  .object({
    id: z.string().meta({ example: 'evt_2Vq8cT0kLmN4pR7sU1wX3yZ5' }),
    type: z.string().meta({ example: 'checkout.session.completed' }),
    timestamp: z.string().meta({ description: 'When the change happened (ISO 8601).' }),
    project_id: z.string(),
    livemode: z.boolean().meta({ description: 'True for production projects.' }),
    data: z.record(z.string(), z.unknown()).meta({ description: 'The event\'s object: ids, amounts, status, brand and last 4 at most; never card data or credentials.' }),
  })
  .meta({ id: 'Event' });

export const ZQueuedDeliveries = z
  .object({
    event_id: z.string(),
    deliveries: z.array(z.object({ id: z.string(), endpoint_id: z.string() })),
  })
  .meta({ id: 'QueuedDeliveries' });
