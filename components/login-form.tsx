'use client';
// The dashboard sign-in: email + password through next-auth, then (when MFA is on) the code step through
// next-auth's second provider, or (when the password has expired) a new password. The MFA and reset tokens
// stay in this component's memory: never in the address bar, storage or logs. Every form posts
// (`method="post"`) and its submit button stays disabled until hydrated, so a submit before the page is
// interactive never turns the email and password into a GET query (/login?email=…&password=…).
import { signIn } from 'next-auth/react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { decodeSignInStep, signInStepMessage } from '../lib/dashboard/sign-in-outcome';
import { api, apiMessage } from './ui/api-client';
import { useHydrated } from './use-hydrated';

type Step = { kind: 'password' } | { kind: 'mfa'; mfaToken: string } | { kind: 'expired'; resetToken: string } | { kind: 'forgot' };

const inputClass =
  'rounded-lg border border-white/10 bg-zinc-950 px-4 py-2.5 text-white outline-none transition placeholder:text-zinc-600 focus:border-emerald-400 aria-[invalid=true]:border-rose-400';
const buttonClass =
  'rounded-lg bg-emerald-400 px-4 py-2.5 font-semibold text-zinc-950 transition hover:bg-emerald-300 disabled:cursor-not-allowed disabled:opacity-60';

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const email = useRef('');

  async function attempt(provider: 'credentials' | 'mfa', fields: Record<string, string>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const result = await signIn(provider, { ...fields, redirect: false, callbackUrl });
      if (result?.ok && !result.error) {
        window.location.assign(callbackUrl);
        return;
      }
      const outcome = decodeSignInStep(result?.error);
      if (outcome.kind === 'mfa_required') setStep({ kind: 'mfa', mfaToken: outcome.mfaToken });
      else if (outcome.kind === 'password_expired') setStep({ kind: 'expired', resetToken: outcome.resetToken });
      else setError(signInStepMessage(outcome));
    } catch {
      setError(signInStepMessage({ kind: 'unavailable' }));
    }
    setBusy(false);
  }

  if (step.kind === 'mfa') {
    return (
      <SecondFactorForm
        busy={busy}
        error={error}
        onSubmit={(code, factor) => attempt('mfa', { mfa_token: step.mfaToken, code, factor })}
        onBack={() => {
          setStep({ kind: 'password' });
          setError(null);
        }}
      />
    );
  }
  if (step.kind === 'expired') {
    return (
      <ExpiredPasswordForm
        resetToken={step.resetToken}
        onDone={() => {
          setStep({ kind: 'password' });
          setNotice('Password updated. Sign in with your new password.');
        }}
      />
    );
  }
  if (step.kind === 'forgot') {
    return (
      <ForgotPasswordForm
        email={email.current}
        onBack={(message) => {
          setStep({ kind: 'password' });
          setNotice(message);
        }}
      />
    );
  }
  return (
    <form
      method="post"
      aria-label="Sign in"
      className="mt-6 flex flex-col gap-4"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        email.current = String(data.get('email') ?? '');
        void attempt('credentials', { email: email.current, password: String(data.get('password') ?? '') });
      }}
    >
      <Field label="Email">
        <input name="email" type="email" autoComplete="username" required defaultValue={email.current} aria-invalid={!!error} className={inputClass} />
      </Field>
      <Field label="Password">
        <input name="password" type="password" autoComplete="current-password" required aria-invalid={!!error} className={inputClass} />
      </Field>
      <Messages error={error} notice={notice} />
      <button type="submit" disabled={!hydrated || busy} className={buttonClass}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <button type="button" disabled={!hydrated} onClick={() => setStep({ kind: 'forgot' })} className="self-center text-sm text-zinc-400 underline-offset-4 hover:text-white hover:underline">
        Forgot your password?
      </button>
    </form>
  );
}

function ForgotPasswordForm({ email, onBack }: { email: string; onBack: (notice: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await api.call('forgotPassword', { body: { email: String(new FormData(event.currentTarget).get('email') ?? '') } });
    setBusy(false);
    if (result.ok && result.data?.success) onBack(result.data.message ?? 'If this email is registered, a reset link has been sent');
    else setError((result.ok ? undefined : apiMessage(result)) ?? signInStepMessage({ kind: 'unavailable' }));
  }

  return (
    <form method="post" aria-label="Reset your password" className="mt-6 flex flex-col gap-4" onSubmit={submit}>
      <h2 className="text-lg font-semibold text-white">Reset your password</h2>
      <p className="text-sm text-zinc-400">We will mail you a link to choose a new password. It works once, for one hour.</p>
      <Field label="Email">
        <input name="email" type="email" autoComplete="username" required defaultValue={email} className={inputClass} />
      </Field>
      <Messages error={error} notice={null} />
      <button type="submit" disabled={busy} className={buttonClass}>
        {busy ? 'Sending…' : 'Send the link'}
      </button>
      <button type="button" onClick={() => onBack(null)} className="self-center text-sm text-zinc-400 underline-offset-4 hover:text-white hover:underline">
        Back to sign in
      </button>
    </form>
  );
}

function SecondFactorForm(props: { busy: boolean; error: string | null; onSubmit: (code: string, factor: 'totp' | 'backup') => void; onBack: () => void }) {
  const [factor, setFactor] = useState<'totp' | 'backup'>('totp');
  const totp = factor === 'totp';
  return (
    <form
      method="post"
      aria-label="Two-step verification"
      className="mt-6 flex flex-col gap-4"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        props.onSubmit(String(new FormData(event.currentTarget).get('code') ?? '').trim(), factor);
      }}
    >
      <h2 className="text-lg font-semibold text-white">Two-step verification</h2>
      <p className="text-sm text-zinc-400">
        {totp ? 'Enter the 6-digit code from your authenticator app.' : 'Enter one of your backup codes. Each works once.'}
      </p>
      <Field label={totp ? 'Authentication code' : 'Backup code'}>
        <input
          key={factor}
          name="code"
          required
          autoFocus
          autoComplete="one-time-code"
          inputMode={totp ? 'numeric' : 'text'}
          pattern={totp ? '[0-9]{6}' : undefined}
          maxLength={totp ? 6 : 32}
          aria-invalid={!!props.error}
          className={`${inputClass} font-mono text-lg tracking-widest`}
        />
      </Field>
      <Messages error={props.error} notice={null} />
      <button type="submit" disabled={props.busy} className={buttonClass}>
        {props.busy ? 'Verifying…' : 'Verify'}
      </button>
      <div className="flex justify-between text-sm">
        <button type="button" onClick={() => setFactor(totp ? 'backup' : 'totp')} className="text-zinc-400 underline-offset-4 hover:text-white hover:underline">
          {totp ? 'Use a backup code instead' : 'Use an authentication code instead'}
        </button>
        <button type="button" onClick={props.onBack} className="text-zinc-400 underline-offset-4 hover:text-white hover:underline">
          Back
        </button>
      </div>
    </form>
  );
}

function ExpiredPasswordForm({ resetToken, onDone }: { resetToken: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await api.call('resetExpiredPassword', {
      body: { token: resetToken, current_password: String(data.get('current_password') ?? ''), new_password: String(data.get('new_password') ?? '') },
    });
    setBusy(false);
    if (result.ok && result.data?.success) onDone();
    else setError((result.ok ? undefined : apiMessage(result)) ?? signInStepMessage({ kind: 'unavailable' }));
  }

  return (
    <form method="post" aria-label="Set a new password" className="mt-6 flex flex-col gap-4" onSubmit={submit}>
      <h2 className="text-lg font-semibold text-white">Your password has expired</h2>
      <p className="text-sm text-zinc-400">Passwords last 90 days. Choose a new one: at least 12 characters with letters and digits, not one of your last 4.</p>
      <Field label="Current password">
        <input name="current_password" type="password" autoComplete="current-password" required className={inputClass} />
      </Field>
      <Field label="New password">
        <input name="new_password" type="password" autoComplete="new-password" required minLength={12} aria-invalid={!!error} className={inputClass} />
      </Field>
      <Messages error={error} notice={null} />
      <button type="submit" disabled={busy} className={buttonClass}>
        {busy ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-2 text-sm font-medium text-zinc-300">
      {label}
      {children}
    </label>
  );
}

function Messages({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <div aria-live="polite" className="min-h-5 text-sm">
      {error && (
        <p role="alert" className="text-rose-300">
          {error}
        </p>
      )}
      {notice && <p className="text-emerald-300">{notice}</p>}
    </div>
  );
}
