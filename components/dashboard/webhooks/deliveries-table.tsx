'use client';
// An endpoint's delivery log (as GET /api/webhook-endpoints/{id}/deliveries answers it) and a drawer per
// delivery: the request (the event's envelope exactly as sent, from GET /api/events/{id}, and each attempt's
// webhook-id / webhook-timestamp headers) and every attempt's answer (status, latency, body, error), with
// "Resend" (POST /api/events/{id}/resend to this endpoint) for owners and admins.
import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../../ui/api-client';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CodeLine } from '../../ui/code-line';
import { column, DataTable, type Column } from '../../ui/data-table';
import { DetailList, Drawer } from '../../ui/drawer';
import { formatDateTime } from '../../ui/format';
import { useApiAction } from '../../ui/use-api-action';
import { ENABLE_FIRST, statusCodeTone, type DeliveryView } from './endpoint-view';

const STATUS_TONES: Record<DeliveryView['status'], BadgeTone> = { pending: 'warn', sending: 'accent', succeeded: 'ok', exhausted: 'danger', cancelled: 'neutral' };

/** "pending" after a failed attempt is a retry waiting. */
function statusLabel(delivery: DeliveryView): string {
  return delivery.status === 'pending' && delivery.attempts > 0 ? 'retrying' : delivery.status;
}

function LastAnswer({ delivery }: { delivery: DeliveryView }) {
  const last = delivery.attempt_log.at(-1);
  if (!last) return <span className="text-muted">—</span>;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <Badge tone={statusCodeTone(last.status_code)}>{last.status_code === null ? 'no answer' : `HTTP ${last.status_code}`}</Badge>
      <span className="text-xs text-muted">{formatDateTime(last.attempted_at)}</span>
    </span>
  );
}

// Narrow enough for 1280 px: the creation time goes under the event, the last answer's time under its status.
const columns: Array<Column<DeliveryView>> = [
  column('event', 'Event', (row) => (
    <span className="flex flex-col">
      <span className="font-medium text-strong">{row.event_type}</span>
      <span className="font-mono text-xs text-muted">{row.event_id}</span>
      <span className="text-xs text-muted">Created {formatDateTime(row.created_at)}</span>
    </span>
  )),
  column('status', 'Status', (row) => <Badge tone={STATUS_TONES[row.status]}>{statusLabel(row)}</Badge>),
  column('attempts', 'Attempts', (row) => String(row.attempts)),
  column('last', 'Last attempt', (row) => <LastAnswer delivery={row} />),
];

type EventState = { id: string; json?: string; error?: string };

/** The envelope of the open delivery's event, read through GET /api/events/{id} (the bytes every delivery sent). */
function useEnvelope(eventId: string | undefined): EventState | undefined {
  const [state, setState] = useState<EventState>();
  useEffect(() => {
    if (!eventId) return;
    let current = true;
    setState({ id: eventId });
    void api.call('getEvent', { params: { id: eventId } }).then((result) => {
      if (!current) return;
      setState(result.ok ? { id: eventId, json: JSON.stringify(result.data.data, null, 2) } : { id: eventId, error: result.message });
    });
    return () => {
      current = false;
    };
  }, [eventId]);
  return state?.id === eventId ? state : undefined;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-sm font-semibold text-strong">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DeliveryDrawer({ delivery, endpoint, canManage, onClose }: { delivery: DeliveryView; endpoint: { id: string; url: string; enabled: boolean }; canManage: boolean; onClose: () => void }) {
  const run = useApiAction();
  const [resending, setResending] = useState(false);
  const envelope = useEnvelope(delivery.event_id);
  return (
    <Drawer open onOpenChange={(next) => !next && onClose()} title={`Delivery of ${delivery.event_id}`}>
      <div className="space-y-6">
        <DetailList
          items={[
            ['Event', <span className="font-mono">{delivery.event_id}</span>],
            ['Type', delivery.event_type],
            ['Status', <Badge tone={STATUS_TONES[delivery.status]}>{statusLabel(delivery)}</Badge>],
            ['Attempts', String(delivery.attempts)],
            ['Next attempt', delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : '—'],
            ['Created', formatDateTime(delivery.created_at)],
          ]}
        />
        {canManage && (
          <div className="space-y-1">
            <Button
              busy={resending}
              disabled={!endpoint.enabled}
              aria-describedby={endpoint.enabled ? undefined : 'resend-reason'}
              onClick={async () => {
                setResending(true);
                await run('resendEvent', { params: { id: delivery.event_id }, body: { endpoint_id: endpoint.id } }, { success: 'Resent: a new delivery is queued' });
                setResending(false);
              }}
            >
              Resend
            </Button>
            <p id="resend-reason" className="text-xs text-muted">
              {endpoint.enabled ? 'Sends the same event again (same webhook-id and body, a new signature) as a new delivery.' : ENABLE_FIRST}
            </p>
          </div>
        )}
        <Section id="delivery-request" title="Request">
          <p className="break-all text-muted">
            POST <span className="font-mono text-strong">{endpoint.url}</span>
          </p>
          <p className="text-xs text-muted">Headers of every attempt: content-type: application/json, webhook-id, webhook-timestamp (below) and webhook-signature.</p>
          <div data-testid="delivery-envelope">
            {envelope?.json ? (
              <CodeLine value={envelope.json} label="event JSON" />
            ) : envelope?.error ? (
              <p className="text-danger">{envelope.error}</p>
            ) : (
              <p className="text-muted" aria-live="polite">
                Loading the event…
              </p>
            )}
          </div>
        </Section>
        <Section id="delivery-attempts" title="Attempts">
          {delivery.attempt_log.length === 0 ? (
            <p className="text-muted">No attempt yet{delivery.next_attempt_at ? `: the first is due ${formatDateTime(delivery.next_attempt_at)}` : ''}.</p>
          ) : (
            <ol className="divide-y divide-line rounded-lg border border-line">
              {delivery.attempt_log.map((attempt) => (
                <li key={attempt.attempt} data-testid="delivery-attempt" className="space-y-2 px-3 py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-strong">
                      Attempt {attempt.attempt} · {formatDateTime(attempt.attempted_at)}
                    </span>
                    <Badge tone={attempt.succeeded ? 'ok' : statusCodeTone(attempt.status_code)}>{attempt.status_code === null ? 'no answer' : `HTTP ${attempt.status_code}`}</Badge>
                  </div>
                  <p className="break-all font-mono text-xs text-muted">
                    webhook-id: {delivery.event_id}
                    <br />
                    webhook-timestamp: {attempt.webhook_timestamp}
                  </p>
                  <p className="text-xs text-muted">{attempt.latency_ms} ms</p>
                  {attempt.error && <p className="break-all text-xs text-danger">Error: {attempt.error}</p>}
                  {attempt.response_body ? (
                    <div className="space-y-1">
                      <p className="text-xs font-medium text-muted">Response body (first 2 KB)</p>
                      <CodeLine value={attempt.response_body} label={`response body of attempt ${attempt.attempt}`} />
                    </div>
                  ) : (
                    attempt.status_code !== null && <p className="text-xs text-muted">Empty response body.</p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
    </Drawer>
  );
}

export function DeliveriesTable({ rows, endpoint, canManage, empty }: { rows: DeliveryView[]; endpoint: { id: string; url: string; enabled: boolean }; canManage: boolean; empty: ReactNode }) {
  const [openId, setOpenId] = useState<string>();
  // The open delivery follows the rows, so a refresh (auto-refresh, after Resend) shows its new attempts.
  const open = rows.find((row) => row.id === openId);
  return (
    <>
      <DataTable label="Deliveries" columns={columns} rows={rows} rowId={(row) => row.id} onView={(row) => setOpenId(row.id)} viewLabel={(row) => `View delivery of ${row.event_id}`} rowTestId="delivery-row" empty={empty} />
      {open && <DeliveryDrawer delivery={open} endpoint={endpoint} canManage={canManage} onClose={() => setOpenId(undefined)} />}
    </>
  );
}
