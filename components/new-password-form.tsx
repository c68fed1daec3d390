'use client';
// Chooses a password from a mailed link (invitation or forgotten password) via POST /auth/reset-password;
// the token stays in this form, and every session of the user ends on success. It posts, and is inert until
// hydrated: a native submit would send the passwords as a plain form.
import { useState, type FormEvent } from 'react';
import { api, apiMessage } from './ui/api-client';
import { useHydrated } from './use-hydrated';

export function NewPasswordForm({ token, invitation }: { token: string; invitation: boolean }) {
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (data.get('new_password') !== data.get('confirm_password')) {
      setState({ kind: 'error', message: 'The two passwords differ' });
      return;
    }
    setState({ kind: 'saving' });
    const result = await api.call('resetPassword', { body: { token, new_password: String(data.get('new_password') ?? '') } });
    if (result.ok && result.data?.success) setState({ kind: 'done' });
    else setState({ kind: 'error', message: (result.ok ? undefined : apiMessage(result)) ?? 'Could not save the password. Try again in a moment.' });
  }

  if (state.kind === 'done') {
    return (
      <div className="mt-6 space-y-4" role="status">
        <p className="text-emerald-300">{invitation ? 'Your password is set. Welcome aboard.' : 'Your password has been reset.'}</p>
        <a href="/login" className="inline-block rounded-lg bg-emerald-400 px-4 py-2.5 font-semibold text-zinc-950 transition hover:bg-emerald-300">
          Sign in
        </a>
      </div>
    );
  }
  const input =
    'rounded-lg border border-white/10 bg-zinc-950 px-4 py-2.5 text-white outline-none transition focus:border-emerald-400 aria-[invalid=true]:border-rose-400';
  const invalid = state.kind === 'error';
  return (
    <form method="post" aria-label="Choose a password" onSubmit={submit} className="mt-6 flex flex-col gap-4">
      <label className="flex flex-col gap-2 text-sm font-medium text-zinc-300">
        New password
        <input name="new_password" type="password" autoComplete="new-password" required minLength={12} aria-invalid={invalid} aria-describedby="password-rules" className={input} />
      </label>
      <p id="password-rules" className="-mt-2 text-xs text-zinc-500">
        At least 12 characters with letters and digits; not a common password or one of your last 4.
      </p>
      <label className="flex flex-col gap-2 text-sm font-medium text-zinc-300">
        Repeat it
        <input name="confirm_password" type="password" autoComplete="new-password" required minLength={12} aria-invalid={invalid} className={input} />
      </label>
      <div aria-live="polite" className="min-h-5 text-sm">
        {state.kind === 'error' && (
          <p role="alert" className="text-rose-300">
            {state.message}
          </p>
        )}
      </div>
      <button type="submit" disabled={!hydrated || state.kind === 'saving'} className="rounded-lg bg-emerald-400 px-4 py-2.5 font-semibold text-zinc-950 transition hover:bg-emerald-300 disabled:opacity-60">
        {state.kind === 'saving' ? 'Saving…' : invitation ? 'Set password' : 'Reset password'}
      </button>
    </form>
  );
}
