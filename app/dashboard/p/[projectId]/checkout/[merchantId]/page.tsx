// GET /dashboard/p/{projectId}/checkout/{merchantId} — one merchant: its processor and service key prefix,
// edit / rotate / delete / "Create a test session", its checkout branding (with a live preview), and its checkout sessions (status filter in the URL,
// cursor pages, a drawer with the attempts). Read through the same lib functions as GET /api/merchants/{id}
// and GET /api/checkout-sessions.
import { notFound } from 'next/navigation';
import { BrandingForm } from '@/components/dashboard/checkout/branding-form';
import { MerchantActions } from '@/components/dashboard/checkout/merchant-actions';
import { SessionsTable } from '@/components/dashboard/checkout/sessions-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CursorPager } from '@/components/ui/cursor-pager';
import { DetailList } from '@/components/ui/drawer';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError, FormField, inputClass } from '@/components/ui/form-field';
import { formatDateTime } from '@/components/ui/format';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { listCheckoutSessions } from '@/lib/checkout/list-checkout-sessions';
import { ZCheckoutStatus, ZListCheckoutSessionsQuerySchema } from '@/lib/checkout/schemas';
import { VaultError } from '@/lib/core/errors';
import { getMerchantOrThrow } from '@/lib/merchants/get-merchant-or-throw';
import { presentMerchant } from '@/lib/merchants/present-merchant';
import { loadDashboardContext, single } from '../../dashboard-context';

type Props = { params: Promise<{ projectId: string; merchantId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MerchantPage({ params, searchParams }: Props) {
  const { projectId, merchantId } = await params;
  const context = await loadDashboardContext(projectId, `/checkout/${merchantId}`);
  const merchant = await getMerchantOrThrow(context.runtime, { accountId: context.user.accountId, merchantId }).catch((error: unknown) => {
    if (error instanceof VaultError && error.code === 'not_found') return null;
    throw error;
  });
  // Another project's merchant is not on this project's pages.
  if (!merchant || merchant.projectId !== context.project.id) notFound();
  const view = presentMerchant(merchant);
  const search = await searchParams;
  const status = single(search.status) || undefined;
  const cursor = single(search.cursor) || undefined;
  const parsed = ZListCheckoutSessionsQuerySchema.safeParse({ merchant_id: merchant.id, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) });
  const page = parsed.success
    ? await listCheckoutSessions(context.runtime, { accountId: context.user.accountId, merchantId: merchant.id, status: parsed.data.status, limit: parsed.data.limit, cursor: parsed.data.cursor })
    : { rows: [], nextCursor: null };
  const path = `${context.base}/checkout/${merchant.id}`;
  const base = context.runtime.config.APP_URL;
  const createSession = `curl -X POST ${base}/api/sessions/create \\\n  -H "X-API-KEY: $VAULT_API_KEY" -H "X-SERVICE-API-KEY: $VAULT_SERVICE_API_KEY" -H "Content-Type: application/json" \\\n  -d '{"merchantId":"${merchant.id}","amount":"10.00","currency":"EUR","successUrl":"https://shop.example/thanks","cancelUrl":"https://shop.example/cart","errorUrl":"https://shop.example/error"}'`;
  const processor = view.processor;

  return (
    <>
      <PageHeader
        title={view.name}
        description="Merchant: its processor, service key and checkout sessions."
        actions={
          <MerchantActions
            merchant={{ id: view.id, name: view.name, processor }}
            projectId={context.project.id}
            production={context.project.production}
            listPath={`${context.base}/checkout`}
            canManage={context.can.manage}
            canTest={context.can.use}
          />
        }
      />
      {!context.can.manage && <ReadOnlyNotice>Owners and admins can edit, rotate the key of and delete merchants{context.can.use ? '' : '; owners, admins and developers can create test sessions'}.</ReadOnlyNotice>}
      <Panel title="Merchant">
        <div className="px-5 py-4">
          <DetailList
            items={[
              ['ID', <span className="font-mono">{view.id}</span>],
              ['Processor', processor.type === 'sandbox' ? <Badge tone="ok">Sandbox</Badge> : `HTTP ${processor.method ?? 'POST'} ${processor.url}`],
              ...(processor.type === 'http' ? ([['Headers', Object.keys(processor.headers ?? {}).map((name) => `${name}: ********`).join(', ') || '—']] as Array<[string, string]>) : []),
              ['Service key', <span className="font-mono">{view.key_prefix}…</span>],
              ['Created', formatDateTime(view.created_at)],
              ['Updated', formatDateTime(view.updated_at)],
            ]}
          />
        </div>
      </Panel>
      <Panel title="Branding">
        <BrandingForm merchant={{ id: view.id, name: view.name, branding: view.branding }} canManage={context.can.manage} />
      </Panel>
      <Panel
        title="Checkout sessions"
        count={page.rows.length}
        actions={
          <form key={status ?? ''} method="get" autoComplete="off" action={path} aria-label="Filter sessions" className="flex flex-wrap items-end gap-2">
            <FormField id="session-status" label="Status" className="w-36">
              <select name="status" defaultValue={status ?? ''} className={`${inputClass} py-1`}>
                <option value="">Any</option>
                {ZCheckoutStatus.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </FormField>
            <Button type="submit" size="sm">
              Filter
            </Button>
          </form>
        }
      >
        {!parsed.success && <FormError message={parsed.error.issues.map((issue) => issue.message).join(' ')} />}
        <SessionsTable
          rows={page.rows}
          empty={
            <EmptyState title={status ? `No ${status} sessions.` : 'No checkout sessions yet'} command={createSession} commandLabel="create session command">
              Create one from your server with an application&apos;s API key and this merchant&apos;s service key{context.project.production ? '' : ', or with "Create a test session" above'}:
            </EmptyState>
          }
        />
        <CursorPager basePath={path} params={{ status, cursor }} nextCursor={page.nextCursor} />
      </Panel>
    </>
  );
}
