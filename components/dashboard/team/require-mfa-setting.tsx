'use client';
// "Require two-step verification for all members" (PUT /api/account {require_mfa}, owner only). Members
// without it are then sent to enrolment and refused by the management API until they enrol. An owner turns
// it on only with two-step verification on themselves (the API refuses otherwise); the reason is shown.
import { useState } from 'react';
import { useApiAction } from '../../ui/use-api-action';

export function RequireMfaSetting({ enabled, disabledReason }: { enabled: boolean; disabledReason: string | null }) {
  const run = useApiAction();
  const [busy, setBusy] = useState(false);
  // Shown at once, put back if the API refuses (the page passes a new `key` when the server's value changes).
  const [checked, setChecked] = useState(enabled);
  return (
    <div className="flex items-start gap-3 px-5 py-4">
      <input
        id="require-mfa"
        type="checkbox"
        role="switch"
        className="mt-0.5 size-4 accent-accent"
        checked={checked}
        disabled={!!disabledReason || busy}
        aria-describedby={disabledReason ? 'require-mfa-hint require-mfa-reason' : 'require-mfa-hint'}
        title={disabledReason ?? undefined}
        onChange={async (event) => {
          const next = event.target.checked;
          setBusy(true);
          setChecked(next);
          const result = await run('updateAccount', { body: { require_mfa: next } }, {
            success: next ? 'Two-step verification is now required for every member' : 'Two-step verification is no longer required',
          });
          if (!result.ok) setChecked(!next);
          setBusy(false);
        }}
      />
      <div className="min-w-0 space-y-1">
        <label htmlFor="require-mfa" className="text-sm font-medium text-strong">
          Require two-step verification for all members
        </label>
        <p id="require-mfa-hint" className="text-xs text-muted">
          Members without it are asked to turn it on at their next sign-in, and the management API refuses them (403) until they do.
        </p>
        {disabledReason && (
          <p id="require-mfa-reason" className="text-xs text-warn" data-testid="require-mfa-reason">
            {disabledReason}
          </p>
        )}
      </div>
    </div>
  );
}
