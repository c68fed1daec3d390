// Each endpoint's health for listings: the share of its attempts in the last 24 h answered 2xx, and its
// last attempt. One statement for a page of endpoints (at most 16 per project).
import type { Runtime } from '../runtime/types';

export type EndpointHealth = { success_rate_24h: number | null; attempts_24h: number; last_attempt_at: string | null; last_status_code: number | null };

const HEALTH = `
  SELECT endpoint.id,
    stats.attempts, stats.succeeded, last.last_attempt_at, last.last_status_code
  FROM unnest($1::uuid[]) AS endpoint(id)
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS attempts, count(*) FILTER (WHERE attempt.succeeded)::int AS succeeded
    FROM webhook_deliveries delivery JOIN webhook_attempts attempt ON attempt.delivery_id = delivery.id AND attempt.created_at > $2::timestamptz
    WHERE delivery.endpoint_id = endpoint.id AND delivery.last_attempt_at > $2::timestamptz
  ) stats ON true
  LEFT JOIN LATERAL (
    SELECT last_attempt_at, last_status_code FROM webhook_deliveries
    WHERE endpoint_id = endpoint.id AND last_attempt_at IS NOT NULL
    ORDER BY last_attempt_at DESC LIMIT 1
  ) last ON true`;

export async function endpointHealth(runtime: Pick<Runtime, 'db'>, endpointIds: string[], now = new Date()): Promise<Map<string, EndpointHealth>> {
  const health = new Map<string, EndpointHealth>();
  if (endpointIds.length === 0) return health;
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await runtime.db.sql.query<{ id: string; attempts: number | null; succeeded: number | null; last_attempt_at: Date | null; last_status_code: number | null }>(HEALTH, [endpointIds, since]);
  for (const row of rows) {
    const attempts = row.attempts ?? 0;
    health.set(row.id, {
      success_rate_24h: attempts > 0 ? Math.round(((row.succeeded ?? 0) / attempts) * 1000) / 1000 : null,
      attempts_24h: attempts,
      last_attempt_at: row.last_attempt_at ? new Date(row.last_attempt_at).toISOString() : null,
      last_status_code: row.last_status_code,
    });
  }
  return health;
}

export const NO_HEALTH: EndpointHealth = { success_rate_24h: null, attempts_24h: 0, last_attempt_at: null, last_status_code: null };
