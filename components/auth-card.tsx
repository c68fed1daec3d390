// The frame of the sign-in pages (login, MFA step, choosing a password): logo and one centred card.
import type { ReactNode } from 'react';
import { Logo } from './logo';

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-8 px-4 py-12 sm:px-6">
      <a href="/" aria-label="Vault home" className="self-start">
        <Logo />
      </a>
      <section className="rounded-2xl border border-white/10 bg-zinc-900/60 p-6 shadow-2xl sm:p-8">
        <h1 className="text-2xl font-semibold text-white">{title}</h1>
        {intro && <p className="mt-2 text-sm text-zinc-400">{intro}</p>}
        {children}
      </section>
    </main>
  );
}
