'use client';
// "Verify chain" (owners and admins): GET /api/audit-logs/verify checks the account's sealed rows against
// the hash chain; the result panel says valid or not, how many rows were checked and links the first broken row.
import Link from 'next/link';
import { useState } from 'react';
import { api, type ApiData } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-field';

type Verdict = ApiData<'verifyAuditLogs'>;

export function VerifyChain({ basePath }: { basePath: string }) {
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<Verdict>();
  const [error, setError] = useState<string>();
  return (
    <section aria-label="Audit chain" className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface px-5 py-3">
      <Button
        busy={busy}
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          const result = await api.call('verifyAuditLogs');
          setBusy(false);
          if (result.ok) setVerdict(result.data);
          else setError(result.message);
        }}
      >
        Verify chain
      </Button>
      <div role="status" aria-live="polite" data-testid="verify-result" className="min-w-0 text-sm">
        {verdict ? (
          verdict.valid ? (
            <span className="text-ok">Valid: {verdict.checked} sealed rows checked, none altered.</span>
          ) : (
            <span className="text-danger">
              Broken: {verdict.checked} rows checked.{' '}
              {verdict.first_broken_id && (
                <Link className="underline" href={`${basePath}?project=all&row=${verdict.first_broken_id}`}>
                  First broken row {verdict.first_broken_id}
                </Link>
              )}
            </span>
          )
        ) : (
          !error && <span className="text-muted">Checks every sealed row of this account against the hash chain.</span>
        )}
      </div>
      <FormError message={error} />
    </section>
  );
}
