'use client';
// An endpoint's signing secret, shown once (after create and after a rotation), with how to verify the
// deliveries it signs: `verifyWebhook` from `vault/webhooks`, or the same module served at /webhooks.js.
// During a rotation's overlap every delivery carries both signatures, so the snippet passes both secrets.
import { CodeLine } from '../../ui/code-line';
import { formatDateTime } from '../../ui/format';
import { SecretOnceDialog } from '../../ui/secret-once-dialog';

export type ShownSecret = { url: string; secret: string; rotated: boolean; previousExpiresAt: string | null };

export function verificationSnippet(overlap: boolean): string {
  const secrets = overlap
    ? '  [\n    process.env.VAULT_WEBHOOK_SECRET,\n    process.env.VAULT_WEBHOOK_SECRET_PREVIOUS, // until the overlap ends\n  ],'
    : '  process.env.VAULT_WEBHOOK_SECRET,';
  return `import { verifyWebhook } from 'vault/webhooks';\n\nconst event = await verifyWebhook(\n  rawBody, // the body exactly as received, not re-serialised JSON\n  request.headers,\n${secrets}\n);`;
}

export function WebhookSecretDialog({ shown, onClose, baseUrl }: { shown: ShownSecret | null; onClose: () => void; baseUrl: string }) {
  const overlap = !!shown?.previousExpiresAt;
  return (
    <SecretOnceDialog
      open={!!shown}
      onClose={onClose}
      title={shown?.rotated ? 'New signing secret' : 'Signing secret of the new endpoint'}
      description="Copy it now: it is stored encrypted and will not be shown again."
      envFileName="vault-webhook.env"
      secrets={shown ? [{ label: 'signing secret', envName: 'VAULT_WEBHOOK_SECRET', value: shown.secret }] : []}
    >
      <div className="space-y-2">
        <p className="text-muted">
          Deliveries to <span className="break-all text-strong">{shown?.url}</span> are signed with it (Standard Webhooks).{' '}
          {shown?.rotated &&
            (overlap
              ? `Until ${formatDateTime(shown.previousExpiresAt)} each delivery also carries a signature by the previous secret: accept either while you deploy the new one.`
              : 'The previous secret no longer signs.')}
        </p>
        <p className="text-muted">Verify every delivery on your server before trusting it:</p>
        <CodeLine value={verificationSnippet(overlap)} label="verification code" />
        <p className="text-xs text-muted">
          Without the package, import the same module from{' '}
          <a className="break-all text-accent underline" href="/webhooks.js" target="_blank" rel="noreferrer">
            {baseUrl}/webhooks.js
          </a>{' '}
          (types at /webhooks.d.ts).
        </p>
      </div>
    </SecretOnceDialog>
  );
}
