// GET /dashboard/p/{projectId}/webhooks — the project's webhook endpoints (URL, event types, status, health
// over 24 h): add one (its signing secret shown once), send a test event, rotate the secret with an overlap,
// disable or enable, edit, delete; each links to its delivery log. Read through listWebhookEndpoints +
// presentWebhookEndpoint, exactly as GET /api/webhook-endpoints?project_id answers; every change goes
// through that API.
import { EndpointFormDialog } from '@/components/dashboard/webhooks/endpoint-form-dialog';
import { EndpointsTable } from '@/components/dashboard/webhooks/endpoints-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { managersOnly } from '@/lib/dashboard/roles';
import { EVENT_TYPES } from '@/lib/events/event-types';
import { listWebhookEndpoints } from '@/lib/webhooks/list-webhook-endpoints';
import { presentWebhookEndpoint } from '@/lib/webhooks/present-webhook-endpoint';
import { MAX_ENDPOINTS_PER_PROJECT } from '@/lib/webhooks/schemas';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

const LIMIT_REASON = `A project has at most ${MAX_ENDPOINTS_PER_PROJECT} endpoints: delete one first.`;

export default async function WebhooksPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const { runtime, user, project, can, base } = await loadDashboardContext(projectId, '/webhooks');
  const endpoints = (await listWebhookEndpoints(runtime, { accountId: user.accountId, projectId: project.id })).map(({ row, health }) => presentWebhookEndpoint(row, health));
  const baseUrl = runtime.config.APP_URL;
  const full = endpoints.length >= MAX_ENDPOINTS_PER_PROJECT;
  const schedule = runtime.config.WEBHOOK_RETRY_SCHEDULE;
  const retryHours = Math.max(1, Math.round(schedule.reduce((sum, seconds) => sum + seconds, 0) / 3600));
  const create = `curl -X POST ${baseUrl}/api/webhook-endpoints \\\n  -H "Authorization: Bearer $VAULT_SESSION_TOKEN" -H "Content-Type: application/json" \\\n  -d '{"project_id":"${project.id}","url":"https://api.example.com/webhooks/vault","event_types":["checkout.session.completed"]}'`;
  return (
    <>
      {/* The add dialog stays in the header even when the list is empty, so the secret it shows once
          survives the refresh that replaces the empty state with the table. */}
      <PageHeader
        title="Webhooks"
        description={`Signed server-to-server notifications of what happens in ${project.name}, retried until your endpoint answers 2xx.`}
        actions={
          can.manage && (
            <EndpointFormDialog
              mode="create"
              projectId={project.id}
              baseUrl={baseUrl}
              trigger={
                <Button variant="primary" disabled={full} title={full ? LIMIT_REASON : undefined}>
                  Add endpoint
                </Button>
              }
            />
          )
        }
      />
      {!can.manage && <ReadOnlyNotice>{managersOnly('add, test, edit, rotate the secret of, disable and delete endpoints, and resend or replay deliveries')}</ReadOnlyNotice>}
      {can.manage && full && <p className="text-sm text-muted">{LIMIT_REASON}</p>}
      <Panel title="Endpoints" count={endpoints.length}>
        {endpoints.length === 0 ? (
          <EmptyState title="No webhook endpoints yet" command={create} commandLabel="create endpoint command">
            <div className="space-y-3">
              <p>
                An endpoint is a URL on your server that Vault POSTs events to as they happen, so your server learns that a checkout was paid even when the customer closed the tab. Each request is signed (Standard Webhooks: webhook-id,
                webhook-timestamp, webhook-signature) and attempted up to {schedule.length} times over about {retryHours} hours until it is answered 2xx.
              </p>
              <div>
                <p>The events an endpoint can subscribe to:</p>
                <ul aria-label="Event types" className="mt-1 grid gap-x-6 gap-y-0.5 font-mono text-[13px] text-strong sm:grid-cols-2">
                  {EVENT_TYPES.map((type) => (
                    <li key={type}>{type}</li>
                  ))}
                </ul>
              </div>
              <p>
                Verify each delivery with <code className="font-mono text-strong">verifyWebhook</code> from <code className="font-mono text-strong">vault/webhooks</code> (or{' '}
                <a className="text-accent underline" href="/webhooks.js">
                  /webhooks.js
                </a>
                ); the webhooks guide&apos;s{' '}
                <a className="text-accent underline" href="/guides/webhooks#receiving-webhooks">
                  Receiving webhooks
                </a>{' '}
                has Express and Next.js examples, and{' '}
                <a className="text-accent underline" href="/openapi.json">
                  /openapi.json
                </a>{' '}
                documents the Webhooks and Events APIs. {can.manage ? 'Add one here, or with the API:' : 'Owners and admins add them here, or with the API:'}
              </p>
            </div>
          </EmptyState>
        ) : (
          <EndpointsTable endpoints={endpoints} basePath={`${base}/webhooks`} baseUrl={baseUrl} canManage={can.manage} />
        )}
      </Panel>
    </>
  );
}
