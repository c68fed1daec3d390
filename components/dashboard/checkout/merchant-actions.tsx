'use client';
// A merchant's actions: edit (managers), rotate its service key with a grace period (shown once), delete by
// typing its name (managers), and "Create a test session" (owners, admins, developers; test projects) that
// opens the hosted checkout page in a new tab. Every one goes through the merchants API.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { FormError } from '../../ui/form-field';
import { GracePeriodSelect } from '../../ui/grace-period-select';
import { SecretOnceDialog } from '../../ui/secret-once-dialog';
import { toast } from '../../ui/toast';
import { MerchantFormDialog } from './merchant-form-dialog';
import type { ProcessorView } from './processor-form';

type Merchant = { id: string; name: string; processor: ProcessorView };
type Props = { merchant: Merchant; projectId: string; production: boolean; listPath: string; canManage: boolean; canTest: boolean };

export function MerchantActions({ merchant, projectId, production, listPath, canManage, canTest }: Props) {
  const router = useRouter();
  const [rotateOpen, setRotateOpen] = useState(false);
  const [grace, setGrace] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [rotated, setRotated] = useState<string | null>(null);
  const [testBusy, setTestBusy] = useState(false);

  const createTestSession = async () => {
    // Opened now, inside the click, so no popup blocker stops it; pointed at the page once it exists.
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    setTestBusy(true);
    const result = await api.call('createTestCheckoutSession', { params: { id: merchant.id }, body: {} });
    setTestBusy(false);
    if (!result.ok) {
      tab?.close();
      toast.error(result.message);
      return;
    }
    if (tab) tab.location.href = result.data.url;
    else window.location.href = result.data.url;
    toast.success('Test session created: pay it in the new tab.');
    router.refresh();
  };

  return (
    <div className="flex flex-wrap gap-2">
      {canTest && !production && (
        <Button variant="primary" busy={testBusy} onClick={createTestSession}>
          Create a test session
        </Button>
      )}
      {canManage && (
        <>
          <MerchantFormDialog mode="edit" merchant={merchant} projectId={projectId} production={production} trigger={<Button>Edit</Button>} />
          <Dialog
            open={rotateOpen}
            onOpenChange={(next) => {
              setRotateOpen(next);
              setError(undefined);
            }}
            trigger={<Button>Rotate service key</Button>}
            title="Rotate the service key"
            description="A new key is shown once. The old key keeps working for the grace period you choose."
          >
            <form
              className="space-y-4"
              onSubmit={async (event) => {
                event.preventDefault();
                setBusy(true);
                const result = await api.call('rotateMerchantKey', { params: { id: merchant.id }, body: { grace_period_seconds: grace } });
                setBusy(false);
                if (!result.ok) return setError(result.message);
                setRotateOpen(false);
                setRotated(result.data.data.service_api_key);
                toast.success('Service key rotated');
                router.refresh();
              }}
            >
              <GracePeriodSelect name="merchant-grace" value={grace} onChange={setGrace} />
              <FormError message={error} />
              <FormActions onCancel={() => setRotateOpen(false)} submitLabel="Rotate key" busy={busy} />
            </form>
          </Dialog>
          <ConfirmDialog
            trigger={<Button variant="danger">Delete</Button>}
            title={`Delete ${merchant.name}?`}
            description="Its service key stops working at once; open checkout sessions expire. Past sessions stay listed."
            confirmLabel="Delete merchant"
            typeToConfirm={merchant.name}
            onConfirm={async () => {
              const result = await api.call('deleteMerchant', { params: { id: merchant.id } });
              if (!result.ok) return result.message;
              toast.success('Merchant deleted');
              router.push(listPath);
              router.refresh();
            }}
          />
        </>
      )}
      <SecretOnceDialog
        open={!!rotated}
        onClose={() => setRotated(null)}
        title={`New service key for ${merchant.name}`}
        envFileName="vault-merchant.env"
        secrets={rotated ? [{ label: 'service API key', envName: 'VAULT_SERVICE_API_KEY', value: rotated }] : []}
      />
    </div>
  );
}
