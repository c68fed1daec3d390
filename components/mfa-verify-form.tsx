'use client';
// The MFA code form: posts the code with the login's mfa_token; the server sets the session cookie.
import { useState, type FormEvent } from 'react';

export function MfaVerifyForm({ mfaToken }: { mfaToken: string }) {
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'sending' });
    const response = await fetch(backup ? '/auth/mfa/verify-backup' : '/auth/mfa/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, mfa_token: mfaToken }),
    });
    const body = (await response.json().catch(() => ({}))) as { success?: boolean; error?: { message?: string } };
    if (response.ok && body.success) {
      setState({ kind: 'done' });
      window.location.assign('/');
      return;
    }
    setState({ kind: 'error', message: body.error?.message ?? 'Verification failed' });
  }

  return (
    <form onSubmit={submit} className="mt-6 flex flex-col gap-4">
      <label className="flex flex-col gap-2 text-sm text-zinc-300">
        {backup ? 'Backup code' : 'Authentication code'}
        <input
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode={backup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          required
          maxLength={backup ? 16 : 6}
          pattern={backup ? undefined : '[0-9]{6}'}
          className="rounded-lg border border-white/10 bg-zinc-950 px-4 py-3 font-mono text-lg tracking-widest text-white outline-none focus:border-emerald-400"
        />
      </label>
      {state.kind === 'error' && (
        <p role="alert" className="text-sm text-rose-300">
          {state.message}
        </p>
      )}
      <button
        type="submit"
        disabled={state.kind === 'sending' || state.kind === 'done'}
        className="rounded-lg bg-emerald-400 px-4 py-3 font-semibold text-zinc-950 transition hover:bg-emerald-300 disabled:opacity-60"
      >
        {state.kind === 'sending' ? 'Verifying…' : state.kind === 'done' ? 'Signed in' : 'Verify'}
      </button>
      <button type="button" onClick={() => { setBackup(!backup); setCode(''); setState({ kind: 'idle' }); }} className="text-sm text-zinc-400 underline-offset-4 hover:text-white hover:underline">
        {backup ? 'Use an authentication code instead' : 'Use a backup code instead'}
      </button>
    </form>
  );
}
