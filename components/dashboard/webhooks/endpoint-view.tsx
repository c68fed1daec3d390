// One webhook endpoint as the webhooks pages hand it to their components (the API's view, from
// presentWebhookEndpoint with its health), and the pieces both pages show of it: subscribed event types,
// enabled or why it is disabled, and its health over the last 24 hours.
import type { z } from 'zod';
import type { ZWebhookDeliveryView, ZWebhookEndpointView } from '@/lib/webhooks/schemas';
import { Badge, type BadgeTone } from '../../ui/badge';
import { formatDateTime, formatPercent } from '../../ui/format';

export type EndpointView = z.output<typeof ZWebhookEndpointView>;
export type DeliveryView = z.output<typeof ZWebhookDeliveryView>;

const DISABLED_REASONS: Record<NonNullable<EndpointView['disabled_reason']>, string> = {
  manual: 'by a member',
  gone: 'the receiver answered 410 Gone',
  failing: 'failing for 5 days',
};

/** Why the endpoint is disabled ("the receiver answered 410 Gone"); null when enabled. */
export function disabledReason(endpoint: Pick<EndpointView, 'enabled' | 'disabled_reason'>): string | null {
  if (endpoint.enabled) return null;
  return endpoint.disabled_reason ? DISABLED_REASONS[endpoint.disabled_reason] : '';
}

/** The sentence a control points to when the endpoint is disabled (the API answers 409 then). */
export const ENABLE_FIRST = 'The endpoint is disabled: enable it first.';

export function EventTypeBadges({ types }: { types: string[] }) {
  if (types.includes('*')) return <Badge tone="accent">All events</Badge>;
  return (
    <span className="flex w-48 flex-wrap gap-1">
      {types.map((type) => (
        <Badge key={type}>{type}</Badge>
      ))}
    </span>
  );
}

/** The same as a plain list, for a narrow detail column (a badge cannot wrap inside a 360 px layout). */
export function EventTypeList({ types }: { types: string[] }) {
  if (types.includes('*')) return <>All events</>;
  return (
    <ul className="font-mono text-[13px]">
      {types.map((type) => (
        <li key={type}>{type}</li>
      ))}
    </ul>
  );
}

export function EndpointStatus({ endpoint }: { endpoint: EndpointView }) {
  const reason = disabledReason(endpoint);
  return (
    <span className="flex flex-col items-start gap-1 whitespace-normal">
      {reason === null ? <Badge tone="ok">Enabled</Badge> : <Badge tone={endpoint.disabled_reason === 'manual' ? 'neutral' : 'danger'}>Disabled</Badge>}
      {reason && <span className="text-xs text-muted">Disabled {reason}</span>}
      {endpoint.enabled && endpoint.failing_since && <span className="text-xs text-warn">Failing since {formatDateTime(endpoint.failing_since)}</span>}
      {endpoint.previous_secret_expires_at && <span className="text-xs text-muted">Previous secret signs until {formatDateTime(endpoint.previous_secret_expires_at)}</span>}
    </span>
  );
}

export function statusCodeTone(code: number | null): BadgeTone {
  if (code === null) return 'danger';
  return code >= 200 && code < 300 ? 'ok' : code >= 500 || code === 410 ? 'danger' : 'warn';
}

/** Success rate over 24 h, the attempts it counts, and the last attempt's time and HTTP status. */
export function EndpointHealth({ health }: { health: EndpointView['health'] }) {
  const rateTone = health.success_rate_24h === null ? 'text-muted' : health.success_rate_24h >= 0.95 ? 'text-ok' : health.success_rate_24h >= 0.5 ? 'text-warn' : 'text-danger';
  return (
    <span className="flex flex-col gap-0.5 whitespace-normal">
      <span>
        <span className={`font-medium ${rateTone}`}>{formatPercent(health.success_rate_24h)}</span>
        <span className="text-xs text-muted">
          {' '}
          of {health.attempts_24h} {health.attempts_24h === 1 ? 'attempt' : 'attempts'}
        </span>
      </span>
      <span className="text-xs text-muted">
        {health.last_attempt_at ? (
          <>
            Last {formatDateTime(health.last_attempt_at)}: <span className="text-fg">{health.last_status_code === null ? 'no answer' : `HTTP ${health.last_status_code}`}</span>
          </>
        ) : (
          'No delivery yet'
        )}
      </span>
    </span>
  );
}
