'use client';
// The MFA code form: signs in through next-auth's second-factor provider with the login's mfa_token; the
// session cookie it sets is the API's own session. It posts, and is inert until hydrated (no native submit).
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { useHydrated } from './use-hydrated';
import { DASHBOARD_HOME } from '../lib/dashboard/safe-callback-path';
import { decodeSignInStep, signInStepMessage } from '../lib/dashboard/sign-in-outcome';

export function MfaVerifyForm({ mfaToken }: { mfaToken: string }) {
  const hydrated = useHydrated();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'sending' });
    try {
      const result = await signIn('mfa', { mfa_token: mfaToken, code: code.trim(), factor: backup ? 'backup' : 'totp', redirect: false, callbackUrl: DASHBOARD_HOME });
      if (result?.ok && !result.error) {
        setState({ kind: 'done' });
        window.location.assign(DASHBOARD_HOME);
        return;
      }
      setState({ kind: 'error', message: signInStepMessage(decodeSignInStep(result?.error)) });
    } catch {
      setState({ kind: 'error', message: signInStepMessage({ kind: 'unavailable' }) });
    }
  }

  return (
    <form method="post" aria-label="Two-step verification" onSubmit={submit} className="mt-6 flex flex-col gap-4">
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
        disabled={!hydrated || state.kind === 'sending' || state.kind === 'done'}
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
