// An endpoint's deliveries, newest first, one page at a time (created_at DESC, id DESC), each with its
// event's type and every attempt (time, status, latency, masked answer or error), for the delivery log.
import type { z } from 'zod';
import type { Runtime } from '../runtime/types';
import { afterCursor, keysetPage } from '../core/cursor';
import { getWebhookEndpointOrThrow } from './get-webhook-endpoint-or-throw';
import type { TListDeliveriesQuery, ZWebhookAttemptView, ZWebhookDeliveryView } from './schemas';

type DeliveryView = z.output<typeof ZWebhookDeliveryView>;
type AttemptView = z.output<typeof ZWebhookAttemptView>;

export async function listDeliveries(
  runtime: Pick<Runtime, 'db'>,
  options: { accountId: string; endpointId: string; query: TListDeliveriesQuery },
): Promise<{ rows: DeliveryView[]; nextCursor: string | null }> {
  const { query } = options;
  const endpoint = await getWebhookEndpointOrThrow(runtime, options);
  const { cursor } = query;
  const rows = await runtime.db.prisma.webhookDelivery.findMany({
    where: {
      endpointId: endpoint.id,
      ...(query.status ? { status: query.status } : {}),
      ...(query.event_id ? { eventId: query.event_id } : {}),
      ...(query.event_type ? { event: { type: query.event_type } } : {}),
      ...(query.from || query.to ? { createdAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } } : {}),
      ...afterCursor(cursor),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    select: {
      id: true,
      endpointId: true,
      eventId: true,
      status: true,
      attempts: true,
      nextAttemptAt: true,
      lastAttemptAt: true,
      lastStatusCode: true,
      createdAt: true,
      event: { select: { type: true } },
      attemptLog: { orderBy: { attempt: 'asc' } },
    },
  });
  const { page, nextCursor } = keysetPage(rows, query.limit);
  return {
    rows: page.map((row) => ({
      id: row.id,
      endpoint_id: row.endpointId,
      event_id: row.eventId,
      event_type: row.event.type,
      status: row.status,
      attempts: row.attempts,
      next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
      last_status_code: row.lastStatusCode,
      created_at: row.createdAt.toISOString(),
      attempt_log: row.attemptLog.map(
        (attempt): AttemptView => ({
          attempt: attempt.attempt,
          attempted_at: attempt.createdAt.toISOString(),
          webhook_timestamp: attempt.timestamp,
          status_code: attempt.statusCode,
          latency_ms: attempt.latencyMs,
          response_body: attempt.responseBody,
          error: attempt.error,
          succeeded: attempt.succeeded,
        }),
      ),
    })),
    nextCursor,
  };
}
