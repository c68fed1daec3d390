'use client';
// An endpoint's actions for owners and admins, each through the webhook endpoints API: send a test event,
// rotate the signing secret with an overlap (the new secret shown once), disable (its waiting deliveries are
// cancelled) or enable, edit, delete after typing its URL. Controls the API would refuse with 409 on a
// disabled endpoint are disabled with that reason. Accessible names begin with the visible label (axe:
// label-content-name-mismatch) and name the endpoint.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DEFAULT_SECRET_GRACE_SECONDS } from '@/lib/webhooks/schemas';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { GracePeriodSelect } from '../../ui/grace-period-select';
import { useApiAction } from '../../ui/use-api-action';
import { EndpointFormDialog } from './endpoint-form-dialog';
import { ENABLE_FIRST, type EndpointView } from './endpoint-view';
import { WebhookSecretDialog, type ShownSecret } from './webhook-secret-dialog';

const OVERLAP_HINTS = {
  0: 'Only the new secret signs, from the next delivery on.',
  3_600: 'Deliveries carry both signatures for an hour.',
  86_400: 'Deliveries carry both signatures for a day (the default).',
  604_800: 'Deliveries carry both signatures for a week, the longest overlap.',
};

function RotateSecretDialog({ endpoint, baseUrl }: { endpoint: EndpointView; baseUrl: string }) {
  const run = useApiAction();
  const [grace, setGrace] = useState<number>(DEFAULT_SECRET_GRACE_SECONDS);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button size="sm" aria-label={`Rotate secret of ${endpoint.url}`}>
            Rotate secret
          </Button>
        }
        title="Rotate the signing secret"
        description={
          endpoint.previous_secret_expires_at
            ? 'An overlap is already running: rotating again stops the oldest secret at once.'
            : 'A new secret is made and shown once. Keep the old one signing too while you deploy the new one.'
        }
        confirmLabel="Rotate secret"
        variant="primary"
        onConfirm={async () => {
          const result = await run('rotateWebhookSecret', { params: { id: endpoint.id }, body: { grace_seconds: grace } }, { success: 'Signing secret rotated' });
          if (!result.ok) return result.message;
          const rotated = result.data.data;
          setShown({ url: rotated.url, secret: rotated.secret, rotated: true, previousExpiresAt: rotated.previous_secret_expires_at });
        }}
      >
        <GracePeriodSelect name={`overlap-${endpoint.id}`} value={grace} onChange={setGrace} legend="The previous secret stops signing" hints={OVERLAP_HINTS} />
      </ConfirmDialog>
      <WebhookSecretDialog shown={shown} onClose={() => setShown(null)} baseUrl={baseUrl} />
    </>
  );
}

export function EndpointActions({ endpoint, baseUrl, afterDelete }: { endpoint: EndpointView; baseUrl: string; afterDelete?: string }) {
  const router = useRouter();
  const run = useApiAction();
  const [testing, setTesting] = useState(false);
  const [enabling, setEnabling] = useState(false);
  const disabled = !endpoint.enabled;
  return (
    <>
      <Button
        size="sm"
        variant="primary"
        busy={testing}
        disabled={disabled}
        title={disabled ? ENABLE_FIRST : undefined}
        aria-label={`Send test event to ${endpoint.url}`}
        onClick={async () => {
          setTesting(true);
          await run('sendTestWebhook', { params: { id: endpoint.id } }, { success: 'Test event queued: it shows in the delivery log' });
          setTesting(false);
        }}
      >
        Send test event
      </Button>
      <RotateSecretDialog endpoint={endpoint} baseUrl={baseUrl} />
      {disabled ? (
        <Button
          size="sm"
          busy={enabling}
          aria-label={`Enable ${endpoint.url}`}
          onClick={async () => {
            setEnabling(true);
            await run('updateWebhookEndpoint', { params: { id: endpoint.id }, body: { enabled: true } }, { success: 'Endpoint enabled: replay its failed deliveries if needed' });
            setEnabling(false);
          }}
        >
          Enable
        </Button>
      ) : (
        <ConfirmDialog
          trigger={
            <Button size="sm" aria-label={`Disable ${endpoint.url}`}>
              Disable
            </Button>
          }
          title="Disable this endpoint?"
          description="Nothing is sent to it until it is enabled again; deliveries waiting for a retry are cancelled (replay them after enabling)."
          confirmLabel="Disable endpoint"
          onConfirm={async () => {
            const result = await run('updateWebhookEndpoint', { params: { id: endpoint.id }, body: { enabled: false } }, { success: 'Endpoint disabled' });
            if (!result.ok) return result.message;
          }}
        />
      )}
      <EndpointFormDialog
        mode="edit"
        endpoint={endpoint}
        trigger={
          <Button size="sm" aria-label={`Edit ${endpoint.url}`}>
            Edit
          </Button>
        }
      />
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="danger" aria-label={`Delete ${endpoint.url}`}>
            Delete
          </Button>
        }
        title="Delete this endpoint?"
        description="Nothing more is sent to it, and its delivery log is deleted with it. The events stay (GET /api/events)."
        confirmLabel="Delete endpoint"
        typeToConfirm={endpoint.url}
        onConfirm={async () => {
          const result = await run('deleteWebhookEndpoint', { params: { id: endpoint.id } }, { success: 'Endpoint deleted', refresh: !afterDelete });
          if (!result.ok) return result.message;
          if (afterDelete) {
            router.push(afterDelete);
            router.refresh();
          }
        }}
      />
    </>
  );
}
