'use client';
// Signs out through next-auth: the server revokes the session (its JWT stops working for the API too).
import { signOut } from 'next-auth/react';
import { useState } from 'react';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut({ callbackUrl: '/login' });
      }}
      className="rounded-md border border-white/10 px-3 py-1.5 text-sm font-medium text-zinc-200 transition hover:border-white/20 hover:bg-white/5 disabled:opacity-60"
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
