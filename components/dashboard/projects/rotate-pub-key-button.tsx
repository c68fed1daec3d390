'use client';
// Rotates a production project's pub key (PUT /api/projects/{id} with rotate_pub_key): the old key stops
// working at once, so it is confirmed first; the new key is shown once to copy.
import { useState } from 'react';
import type { PresentedProject } from '@/lib/projects/present-project';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SecretOnceDialog } from '../../ui/secret-once-dialog';
import { useApiAction } from '../../ui/use-api-action';

export function RotatePubKeyButton({ project }: { project: PresentedProject }) {
  const run = useApiAction();
  const [pubKey, setPubKey] = useState<string>();
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button size="sm" aria-label={`Rotate pub key of ${project.name}`}>
            Rotate pub key
          </Button>
        }
        title={`Rotate the pub key of ${project.name}?`}
        description="The current pub key stops working at once: every client sending it as X-Pub-Key must switch to the new one."
        confirmLabel="Rotate pub key"
        onConfirm={async () => {
          const result = await run('updateProject', { params: { id: project.id }, body: { rotate_pub_key: true } }, { success: 'Pub key rotated' });
          if (!result.ok) return result.message;
          setPubKey(result.data.data.pub_key);
        }}
      />
      <SecretOnceDialog
        open={!!pubKey}
        onClose={() => setPubKey(undefined)}
        title={`New pub key of ${project.name}`}
        secrets={pubKey ? [{ label: 'pub key', envName: 'VAULT_PUB_KEY', value: pubKey }] : []}
      />
    </>
  );
}
