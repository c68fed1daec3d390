'use client';
// Turning two-step verification on (the enrolment page, and Settings → Profile & security):
// POST /user/settings/mfa {enable:true} starts it (the QR code as a data URL the server renders with
// `qrcode`, the secret for manual entry), {enable:true, code} confirms it with a first code, and only then
// are the backup codes (issued with the setup) shown, once, with copy and download. The page's fetches
// carry the session cookie and the page's own Origin (cookie-authenticated mutations must).
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { api } from './ui/api-client';
import { BackupCodes } from './ui/backup-codes';
import { Button, ButtonLink } from './ui/button';
import { FormField, inputClass } from './ui/form-field';
import { useHydrated } from './use-hydrated';

type Setup = { qrCode: string; secret: string; backupCodes: string[] };
type State = { kind: 'idle' } | { kind: 'setup'; setup: Setup } | { kind: 'done'; backupCodes: string[] };

/** `continueHref`: where the enrolment page goes next; without it (Settings) "Done" reloads the page's data. */
export function MfaEnrolment({ alreadyEnabled, email, continueHref }: { alreadyEnabled: boolean; email: string; continueHref?: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>(alreadyEnabled ? { kind: 'done', backupCodes: [] } : { kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    const answer = await api.call('updateMfaSettings', { body: { enable: true } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    // Only the setup answer carries totp_uri (the others say enabled).
    const started = answer.data && 'totp_uri' in answer.data ? answer.data : null;
    if (typeof started?.totp_uri !== 'string') return setError('Two-step verification is unavailable right now. Try again in a moment.');
    const secret = new URL(started.totp_uri).searchParams.get('secret') ?? '';
    setState({ kind: 'setup', setup: { qrCode: started.qr_code ?? '', secret, backupCodes: started.backup_codes ?? [] } });
  }

  async function confirm(event: FormEvent<HTMLFormElement>, setup: Setup) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await api.call('updateMfaSettings', { body: { enable: true, code: String(new FormData(event.currentTarget).get('code') ?? '').trim() } });
    setBusy(false);
    if (answer.ok && answer.data?.enabled === true) setState({ kind: 'done', backupCodes: setup.backupCodes });
    else setError(answer.ok ? 'The code was not accepted.' : answer.message);
  }

  if (state.kind === 'done') {
    return (
      <div className="space-y-4">
        <p role="status" className="text-ok">
          Two-step verification is on. You will be asked for a code at every sign-in.
        </p>
        {state.backupCodes.length > 0 && <BackupCodes codes={state.backupCodes} email={email} />}
        {continueHref ? (
          <ButtonLink variant="primary" href={continueHref}>
            Continue to the dashboard
          </ButtonLink>
        ) : (
          <RefreshButton label={state.backupCodes.length > 0 ? 'I have saved my backup codes' : 'Done'} />
        )}
      </div>
    );
  }

  if (state.kind === 'idle') {
    return (
      <div className="space-y-4">
        <p className="text-sm text-muted">You will need an authenticator app (1Password, Google Authenticator, Authy…) to scan a QR code.</p>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button variant="primary" onClick={() => void start()} disabled={!hydrated} busy={busy}>
          {busy ? 'Starting…' : 'Set up two-step verification'}
        </Button>
      </div>
    );
  }

  const { setup } = state;
  return (
    <div className="space-y-6" data-testid="mfa-setup">
      <div className="flex flex-wrap items-start gap-6">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL from the API */}
        {/* The QR code keeps a white quiet zone in both themes: scanners need the contrast. */}
        <img src={setup.qrCode} alt="QR code for your authenticator app" width={180} height={180} className="rounded-lg bg-[#fff] p-2" />
        <div className="min-w-56 flex-1 space-y-2 text-sm text-muted">
          <p>Scan the QR code with your authenticator app, or enter this key:</p>
          <p className="font-mono break-all text-strong" data-testid="totp-secret">
            {setup.secret}
          </p>
          <p>Then enter the 6-digit code it shows. Your backup codes appear once the code is accepted.</p>
        </div>
      </div>
      <form method="post" aria-label="Confirm two-step verification" onSubmit={(event) => void confirm(event, setup)} className="flex flex-col gap-4">
        <FormField id="mfa-enrol-code" label="Authentication code" error={error ?? undefined}>
          <input name="code" required autoComplete="one-time-code" inputMode="numeric" pattern="[0-9]{6}" maxLength={6} className={`${inputClass} font-mono text-lg tracking-widest`} />
        </FormField>
        <Button type="submit" variant="primary" disabled={!hydrated} busy={busy} className="self-start">
          {busy ? 'Verifying…' : 'Turn on two-step verification'}
        </Button>
      </form>
    </div>
  );
}

/** Reloads the page's server data (Settings then shows two-step verification as on). */
function RefreshButton({ label }: { label: string }) {
  const router = useRouter();
  return (
    <Button variant="primary" onClick={() => router.refresh()}>
      {label}
    </Button>
  );
}
