'use client';
// The Imports page's upload (issue 26): an OpenPGP-encrypted card file and its format, sent as the raw body
// of POST /api/imports (the one call that is not JSON, so it is sent here rather than through api.call);
// the import is then queued for the background job and appears in the list.
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { operations } from '../../ui/api-operations';
import { operationUrl } from '../../ui/api-url';
import { Button } from '../../ui/button';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { toast } from '../../ui/toast';

export function UploadImportForm({ projectId, disabledReason }: { projectId: string; disabledReason?: string }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState<'csv' | 'jsonl'>('csv');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <form
      className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end"
      aria-label="Upload a card file"
      onSubmit={async (event) => {
        event.preventDefault();
        const file = input.current?.files?.[0];
        if (!file) {
          setError('Choose the encrypted file first.');
          return;
        }
        setError(undefined);
        setBusy(true);
        try {
          const response = await fetch(operationUrl(operations.createImport[1], {}, { project_id: projectId, format }), {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/octet-stream' },
            body: file,
            credentials: 'same-origin',
          });
          const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
          if (!response.ok) {
            setError(answer?.error?.message ?? `The server answered ${response.status}.`);
            return;
          }
          toast.success(`${file.name} uploaded: the import is queued`);
          if (input.current) input.current.value = '';
          router.refresh();
        } catch {
          setError('The server could not be reached. Try again.');
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormField id="import-file" label="Encrypted file" hint="The .pgp or .asc file the sender encrypted to one of this project's import keys.">
        <input ref={input} type="file" accept=".pgp,.gpg,.asc,application/pgp-encrypted,application/octet-stream" className={inputClass} disabled={Boolean(disabledReason)} />
      </FormField>
      <FormField id="import-format" label="Format" hint="CSV with a header, or JSON Lines.">
        <select className={inputClass} value={format} onChange={(event) => setFormat(event.target.value as 'csv' | 'jsonl')} disabled={Boolean(disabledReason)}>
          <option value="csv">CSV</option>
          <option value="jsonl">JSON Lines</option>
        </select>
      </FormField>
      <Button type="submit" variant="primary" busy={busy} disabled={Boolean(disabledReason)} title={disabledReason}>
        Upload and import
      </Button>
      {error && (
        <div className="sm:col-span-3">
          <FormError message={error} />
        </div>
      )}
    </form>
  );
}
