'use client';
// A project's import keys on the Imports page (issue 26): each key's fingerprint, algorithm, dates and its
// public key (shown with a copy button, for the sender); the owner makes a new one (Curve25519 or RSA-4096)
// and revokes one after confirming, through the import keys API (owner, MFA-verified session). Others see
// the keys and why they cannot change them.
import { useState } from 'react';
import type { ImportKeyView } from '@/lib/imports/import-keys';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CodeLine } from '../../ui/code-line';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { column, DataTable } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format';
import { useApiAction } from '../../ui/use-api-action';

const ALGORITHMS = { curve25519: 'Curve25519', rsa4096: 'RSA-4096' } as const;

/** The fingerprint in groups of four, as GnuPG prints it. */
export const groupedFingerprint = (fingerprint: string) => fingerprint.toUpperCase().replace(/(.{4})(?!$)/g, '$1 ');

function PublicKeyDialog({ keyView, open, onOpenChange, created }: { keyView: ImportKeyView; open: boolean; onOpenChange: (open: boolean) => void; created?: boolean }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={created ? 'Import key created' : 'Import key'}
      description="Give the sender this public key: they encrypt the card file to it (gpg --recipient-file key.asc --encrypt cards.csv). The private key never leaves the vault."
      wide
    >
      <div className="space-y-4">
        <div className="space-y-1">
          <p className="text-xs font-medium text-muted">Fingerprint</p>
          <CodeLine value={groupedFingerprint(keyView.fingerprint)} label="fingerprint" testId="import-key-fingerprint" />
        </div>
        <div className="space-y-1">
          <p className="text-xs font-medium text-muted">Public key ({ALGORITHMS[keyView.algorithm]})</p>
          <CodeLine value={keyView.public_key} label="public key" testId="import-key-public-key" />
        </div>
        <div className="flex justify-end">
          <Button variant="primary" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function ShowKeyButton({ keyView }: { keyView: ImportKeyView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" aria-label={`Public key ${keyView.fingerprint.slice(-16)}`} onClick={() => setOpen(true)}>
        Public key
      </Button>
      <PublicKeyDialog keyView={keyView} open={open} onOpenChange={setOpen} />
    </>
  );
}

function RevokeKeyButton({ keyView }: { keyView: ImportKeyView }) {
  const run = useApiAction();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="danger" aria-label={`Revoke key ${keyView.fingerprint.slice(-16)}`}>
          Revoke
        </Button>
      }
      title="Revoke this import key?"
      description={`Files encrypted to ${groupedFingerprint(keyView.fingerprint)} can no longer be imported. This cannot be undone.`}
      confirmLabel="Revoke key"
      onConfirm={async () => {
        const result = await run('revokeImportKey', { params: { fingerprint: keyView.fingerprint } }, { success: 'Import key revoked' });
        if (!result.ok) return result.message;
      }}
    />
  );
}

export function CreateImportKeyButton({ projectId, disabledReason }: { projectId: string; disabledReason?: string }) {
  const run = useApiAction();
  const [busy, setBusy] = useState<string | null>(null);
  const [created, setCreated] = useState<ImportKeyView | null>(null);
  const create = async (algorithm: 'curve25519' | 'rsa4096') => {
    setBusy(algorithm);
    const result = await run('createImportKey', { body: { project_id: projectId, algorithm } }, { success: 'Import key created' });
    setBusy(null);
    if (result.ok) setCreated(result.data.data);
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="primary" busy={busy === 'curve25519'} disabled={Boolean(disabledReason) || busy !== null} title={disabledReason} onClick={() => create('curve25519')}>
        Create import key
      </Button>
      <Button busy={busy === 'rsa4096'} disabled={Boolean(disabledReason) || busy !== null} title={disabledReason} onClick={() => create('rsa4096')}>
        Create RSA-4096 key
      </Button>
      {created && <PublicKeyDialog keyView={created} open onOpenChange={(open) => !open && setCreated(null)} created />}
    </div>
  );
}

export function ImportKeysTable({ keys, canRevoke, projectId }: { keys: ImportKeyView[]; canRevoke: boolean; projectId: string }) {
  const columns = [
    column<ImportKeyView>('fingerprint', 'Fingerprint', (key) => <span className="break-all">{groupedFingerprint(key.fingerprint)}</span>, { mono: true, strong: true }),
    column<ImportKeyView>('algorithm', 'Algorithm', (key) => ALGORITHMS[key.algorithm]),
    column<ImportKeyView>('status', 'Status', (key) => (key.revoked_at ? <Badge tone="danger">Revoked {formatDateTime(key.revoked_at)}</Badge> : <Badge tone="ok">Active</Badge>)),
    column<ImportKeyView>('created', 'Created', (key) => formatDateTime(key.created_at)),
    column<ImportKeyView>('actions', 'Actions', (key) => (
      <div className="flex flex-wrap gap-2">
        <ShowKeyButton keyView={key} />
        {canRevoke && !key.revoked_at && <RevokeKeyButton keyView={key} />}
      </div>
    )),
  ];
  return (
    <DataTable
      label="Import keys"
      columns={columns}
      rows={keys}
      rowId={(key) => key.fingerprint}
      rowTestId="import-key-row"
      empty={
        <EmptyState title="No import keys yet" command={`npx vault import key create --project ${projectId}`} commandLabel="create import key command">
          A sender encrypts the card file to one of the project&apos;s import keys. The owner creates one here, or the operator with:
        </EmptyState>
      }
    />
  );
}
