'use client';
// Turning two-step verification on from the dashboard: POST /user/settings/mfa {enable:true} starts it (QR
// code, secret, backup codes shown once), then {enable:true, code} confirms it with a first code. The page's
// fetches carry the session cookie and the page's own Origin (cookie-authenticated mutations must).
import { useState, type FormEvent } from 'react';
import { useHydrated } from './use-hydrated';

type Setup = { qrCode: string; secret: string; backupCodes: string[] };
type State = { kind: 'idle' } | { kind: 'setup'; setup: Setup } | { kind: 'done' };

const buttonClass =
  'rounded-lg bg-accent px-4 py-2.5 font-semibold text-on-accent transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';

type Answer = { enabled?: boolean; totp_uri?: string; qr_code?: string; backup_codes?: string[]; error?: { message?: string } } | null;

async function settings(body: Record<string, unknown>): Promise<{ ok: boolean; body: Answer }> {
  const response = await fetch('/user/settings/mfa', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
  return { ok: !!response?.ok, body: ((await response?.json().catch(() => null)) ?? null) as Answer };
}

const failure = (body: Answer) => (typeof body?.error?.message === 'string' ? body.error.message : 'Two-step verification is unavailable right now. Try again in a moment.');

export function MfaEnrolment({ alreadyEnabled }: { alreadyEnabled: boolean }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>(alreadyEnabled ? { kind: 'done' } : { kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    const answer = await settings({ enable: true });
    setBusy(false);
    if (!answer.ok || typeof answer.body?.totp_uri !== 'string') return setError(failure(answer.body));
    const secret = new URL(answer.body.totp_uri).searchParams.get('secret') ?? '';
    setState({ kind: 'setup', setup: { qrCode: answer.body.qr_code ?? '', secret, backupCodes: answer.body.backup_codes ?? [] } });
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await settings({ enable: true, code: String(new FormData(event.currentTarget).get('code') ?? '').trim() });
    setBusy(false);
    if (answer.ok && answer.body?.enabled === true) setState({ kind: 'done' });
    else setError(failure(answer.body));
  }

  if (state.kind === 'done') {
    return (
      <div role="status" className="space-y-4">
        <p className="text-ok">Two-step verification is on. You will be asked for a code at every sign-in.</p>
        <a href="/dashboard" className={`inline-block ${buttonClass}`}>
          Continue to the dashboard
        </a>
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
        <button type="button" onClick={() => void start()} disabled={!hydrated || busy} className={buttonClass}>
          {busy ? 'Starting…' : 'Set up two-step verification'}
        </button>
      </div>
    );
  }
  const { setup } = state;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start gap-6">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL from the API */}
        <img src={setup.qrCode} alt="QR code for your authenticator app" width={180} height={180} className="rounded-lg bg-white p-2" />
        <div className="min-w-0 flex-1 space-y-2 text-sm text-muted">
          <p>Scan the QR code with your authenticator app, or enter this key:</p>
          <p className="font-mono break-all text-strong" data-testid="totp-secret">
            {setup.secret}
          </p>
        </div>
      </div>
      <div className="space-y-2">
        <p className="text-sm text-muted">Backup codes: each works once if you lose your device. They are shown only now.</p>
        <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 font-mono text-sm text-strong">
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <form method="post" aria-label="Confirm two-step verification" onSubmit={confirm} className="flex flex-col gap-4">
        <label className="flex flex-col gap-2 text-sm font-medium text-fg">
          Authentication code
          <input
            name="code"
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]{6}"
            maxLength={6}
            aria-invalid={!!error}
            className="rounded-lg border border-line bg-bg px-4 py-2.5 font-mono text-lg tracking-widest text-strong outline-none focus:border-accent aria-[invalid=true]:border-danger"
          />
        </label>
        <div aria-live="polite" className="min-h-5 text-sm">
          {error && (
            <p role="alert" className="text-danger">
              {error}
            </p>
          )}
        </div>
        <button type="submit" disabled={!hydrated || busy} className={buttonClass}>
          {busy ? 'Verifying…' : 'Turn on two-step verification'}
        </button>
      </form>
    </div>
  );
}
