'use client';
// The page a mailed link opens (invitation or forgotten password). The link carries its token in the
// fragment (`#token=…`), which the browser never sends: it is read here, checked with POST
// /auth/verify-reset-token (a body, never a request line), and handed to the form.
import { useEffect, useState } from 'react';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';
import { api } from './ui/api-client';

type LinkState = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'ready'; token: string; invitation: boolean };

async function checkLink(token: string): Promise<LinkState> {
  if (!token) return { kind: 'invalid' };
  const result = await api.call('checkResetToken', { body: { token } });
  return result.ok && result.data?.valid ? { kind: 'ready', token, invitation: result.data.purpose === 'invite' } : { kind: 'invalid' };
}

export function ResetPasswordFromLink() {
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    void checkLink(token).then(setState);
  }, []);

  if (state.kind === 'checking') {
    return (
      <AuthCard title="Choose a password">
        <p role="status" className="mt-4 text-sm text-zinc-400">
          Checking your link…
        </p>
      </AuthCard>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <AuthCard title="Choose a new password">
        <p role="alert" className="mt-4 text-sm text-amber-300">
          This link is invalid, expired or already used. <a href="/login" className="underline underline-offset-4">Sign in</a> or ask for a new one.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={state.invitation ? 'Welcome to Vault' : 'Choose a new password'}
      intro={state.invitation ? 'You were invited to an account. Choose your password to sign in.' : 'Set a new password for your account. Every signed-in session will end.'}
    >
      <NewPasswordForm token={state.token} invitation={state.invitation} />
    </AuthCard>
  );
}
