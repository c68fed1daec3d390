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
      className="whitespace-nowrap rounded-md border border-line px-3 py-1.5 text-sm font-medium text-strong transition hover:bg-raised disabled:opacity-60"
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
