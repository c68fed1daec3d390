// The view of an endpoint every route and the dashboard show: never its secret (shown once, on create and
// rotation, by the routes that make one).
import type { z } from 'zod';
import { NO_HEALTH, type EndpointHealth } from './endpoint-health';
import type { EndpointRow } from './get-webhook-endpoint-or-throw';
import type { ZWebhookEndpointView } from './schemas';

export function presentWebhookEndpoint(row: EndpointRow, health: EndpointHealth = NO_HEALTH, now = new Date()): z.output<typeof ZWebhookEndpointView> {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null;
  return {
    id: row.id,
    project_id: row.projectId,
    url: row.url,
    event_types: row.eventTypes,
    description: row.description,
    enabled: row.enabled,
    disabled_reason: (row.disabledReason as 'manual' | 'gone' | 'failing' | null) ?? null,
    previous_secret_expires_at: overlap,
    failing_since: row.failingSince?.toISOString() ?? null,
    health,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
