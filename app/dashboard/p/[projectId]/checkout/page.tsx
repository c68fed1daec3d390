// GET /dashboard/p/{projectId}/checkout — the project's merchants (hosted checkout): list and create (with a
// sandbox or http processor; the service key shown once). Read through the same lib function and presenter
// as GET /api/merchants?project_id=.
import { MerchantFormDialog } from '@/components/dashboard/checkout/merchant-form-dialog';
import { MerchantsTable } from '@/components/dashboard/checkout/merchants-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader, Panel, ReadOnlyNotice } from '@/components/ui/panel';
import { managersOnly } from '@/lib/dashboard/roles';
import { listMerchants } from '@/lib/merchants/list-merchants';
import { presentMerchant } from '@/lib/merchants/present-merchant';
import { loadDashboardContext, type ProjectPageProps } from '../dashboard-context';

export default async function CheckoutPage({ params }: ProjectPageProps) {
  const { projectId } = await params;
  const context = await loadDashboardContext(projectId, '/checkout');
  const merchants = (await listMerchants(context.runtime, { accountId: context.user.accountId, projectId: context.project.id })).map(presentMerchant);
  const base = context.runtime.config.APP_URL;
  const processor = context.project.production
    ? `{"type":"http","url":"https://api.psp.example/v1/charges","headers":{"Authorization":"Bearer $PSP_SECRET"},"body":{"amount":"\${amountMinor}","currency":"\${currency}","card":{"number":"\${cardNumber}","cvc":"\${cvv}"}},"transaction_id_path":"id"}`
    : '{"type":"sandbox"}';
  const create = `curl -X POST ${base}/api/merchants \\\n  -H "Authorization: Bearer $VAULT_SESSION_TOKEN" -H "Content-Type: application/json" \\\n  -d '{"name":"My shop","project_id":"${context.project.id}","processor":${processor}}'`;
  return (
    <>
      <PageHeader
        title="Checkout"
        description="Merchants take payments on the hosted checkout page; each charges through its processor."
        actions={context.can.manage && <MerchantFormDialog mode="create" projectId={context.project.id} production={context.project.production} trigger={<Button variant="primary">New merchant</Button>} />}
      />
      {!context.can.manage && <ReadOnlyNotice>{managersOnly('create, edit and delete merchants')}</ReadOnlyNotice>}
      <Panel title="Merchants" count={merchants.length}>
        <MerchantsTable
          rows={merchants}
          basePath={`${context.base}/checkout`}
          empty={
            <EmptyState title="No merchants yet" command={create} commandLabel="create merchant command">
              Create one here{context.can.manage ? '' : ' (owners and admins)'} or with the API:
            </EmptyState>
          }
        />
      </Panel>
    </>
  );
}
