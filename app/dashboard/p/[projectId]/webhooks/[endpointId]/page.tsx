// GET /dashboard/p/{projectId}/webhooks/{endpointId} — one endpoint: its settings, status and health, its
// actions, and its delivery log (filters in the URL: status, event type, event id, dates; cursor pages; a
// drawer per delivery with the request and every attempt's answer; "Resend"; "Replay failed…"). Read
// through the same lib functions as GET /api/webhook-endpoints/{id} and its /deliveries.
import { notFound } from 'next/navigation';
import { DeliveriesTable } from '@/components/dashboard/webhooks/deliveries-table';
import { DELIVERY_FILTERS, DeliveryFilters, type DeliveryFilterValues } from '@/components/dashboard/webhooks/delivery-filters';
import { EndpointActions } from '@/components/dashboard/webhooks/endpoint-actions';
import { EndpointHealth, EndpointStatus, EventTypeList } from '@/components/dashboard/webhooks/endpoint-view';
import { ReplayDialog } from '@/components/dashboard/webhooks/replay-dialog';
import { AutoRefresh } from '@/components/ui/auto-refresh';
import { CursorPager } from '@/components/ui/cursor-pager';
import { DetailList } from '@/components/ui/drawer';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError } from '@/components/ui/form-field';
import { formatDateTime } from '@/components/ui/format';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { managersOnly } from '@/lib/dashboard/roles';
import { VaultError } from '@/lib/core/errors';
import { endpointHealth } from '@/lib/webhooks/endpoint-health';
import { getWebhookEndpointOrThrow } from '@/lib/webhooks/get-webhook-endpoint-or-throw';
import { listDeliveries } from '@/lib/webhooks/list-deliveries';
import { presentWebhookEndpoint } from '@/lib/webhooks/present-webhook-endpoint';
import { ZListDeliveriesQuerySchema } from '@/lib/webhooks/schemas';
import { loadDashboardContext, single } from '../../dashboard-context';

type Props = { params: Promise<{ projectId: string; endpointId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Deliveries due this soon (or being sent) keep the log refreshing by itself. */
const LIVE_WINDOW_MS = 60_000;

/** The API's query for the filters: dates are whole UTC days (`to` up to that day's last millisecond). */
function apiQuery(values: DeliveryFilterValues, cursor: string | undefined): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of ['status', 'event_type', 'event_id'] as const) if (values[name]) query[name] = values[name];
  if (values.from) query.from = values.from;
  if (values.to) query.to = /^\d{4}-\d\d-\d\d$/.test(values.to) ? `${values.to}T23:59:59.999Z` : values.to;
  if (cursor) query.cursor = cursor;
  return query;
}

export default async function WebhookEndpointPage({ params, searchParams }: Props) {
  const { projectId, endpointId } = await params;
  const context = await loadDashboardContext(projectId, `/webhooks/${endpointId}`);
  const { runtime, user, can } = context;
  const row = await getWebhookEndpointOrThrow(runtime, { accountId: user.accountId, endpointId }).catch((error: unknown) => {
    if (error instanceof VaultError && error.code === 'not_found') return null;
    throw error;
  });
  // Another project's endpoint is not on this project's pages.
  if (!row || row.projectId !== context.project.id) notFound();
  const endpoint = presentWebhookEndpoint(row, (await endpointHealth(runtime, [row.id])).get(row.id));

  const search = await searchParams;
  const values: DeliveryFilterValues = Object.fromEntries(DELIVERY_FILTERS.map((name) => [name, single(search[name])?.trim() || undefined]));
  const cursor = single(search.cursor) || undefined;
  const parsed = ZListDeliveriesQuerySchema.safeParse(apiQuery(values, cursor));
  const page = parsed.success ? await listDeliveries(runtime, { accountId: user.accountId, endpointId: row.id, query: parsed.data }) : { rows: [], nextCursor: null };
  const now = Date.now();
  const live = page.rows.some((delivery) => delivery.status === 'sending' || (delivery.status === 'pending' && !!delivery.next_attempt_at && Date.parse(delivery.next_attempt_at) - now < LIVE_WINDOW_MS));

  const path = `${context.base}/webhooks/${endpoint.id}`;
  const baseUrl = runtime.config.APP_URL;
  const filtered = DELIVERY_FILTERS.some((name) => values[name]);
  const target = { id: endpoint.id, url: endpoint.url, enabled: endpoint.enabled };
  const sendTest = `curl -X POST ${baseUrl}/api/webhook-endpoints/${endpoint.id}/test \\\n  -H "Authorization: Bearer $VAULT_SESSION_TOKEN"`;

  return (
    <>
      <AutoRefresh active={live} />
      <PageHeader
        title={endpoint.url}
        description={endpoint.description || 'Webhook endpoint: its settings and delivery log.'}
        actions={can.manage && <EndpointActions endpoint={endpoint} baseUrl={baseUrl} afterDelete={`${context.base}/webhooks`} />}
      />
      {!can.manage && <ReadOnlyNotice>{managersOnly('send test events, edit, rotate the secret of, disable and delete endpoints, and resend or replay deliveries')}</ReadOnlyNotice>}
      <Panel title="Endpoint">
        <div className="px-5 py-4">
          <DetailList
            items={[
              ['ID', <span className="font-mono">{endpoint.id}</span>],
              ['URL', <span className="font-mono">{endpoint.url}</span>],
              ['Event types', <EventTypeList types={endpoint.event_types} />],
              ['Status', <EndpointStatus endpoint={endpoint} />],
              ['Health, 24 h', <EndpointHealth health={endpoint.health} />],
              ['Created', formatDateTime(endpoint.created_at)],
              ['Updated', formatDateTime(endpoint.updated_at)],
            ]}
          />
        </div>
      </Panel>
      {/* Keyed by the filters: a client-side navigation (Clear, a pager link) must reset the fields'
          defaultValue, which React applies only when the form mounts. */}
      <DeliveryFilters key={JSON.stringify(values)} basePath={path} values={values} />
      {!parsed.success && <FormError message={parsed.error.issues.map((issue) => issue.message).join(' ')} />}
      <Panel title="Deliveries" count={page.rows.length} actions={can.manage && <ReplayDialog endpoint={target} />}>
        <DeliveriesTable
          rows={page.rows}
          endpoint={target}
          canManage={can.manage}
          empty={
            filtered ? (
              <EmptyState title="No deliveries match these filters." />
            ) : (
              <EmptyState title="No deliveries yet" command={sendTest} commandLabel="send test event command">
                Deliveries show here as events happen. {can.manage ? 'Send a test event with the button above, or with the API:' : 'Owners and admins can send a test event, also with the API:'}
              </EmptyState>
            )
          }
        />
        <CursorPager basePath={path} params={{ ...values, cursor }} nextCursor={page.nextCursor} />
      </Panel>
    </>
  );
}
