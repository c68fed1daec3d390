'use client';
// Light and dark themes for the dashboard: the system's preference until the member picks one (kept in
// localStorage by next-themes, applied before paint as a class on <html> by an inline script that carries
// the page's CSP nonce).
import { ThemeProvider as NextThemes } from 'next-themes';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { Toaster } from '../ui/toast';

// The forms validate with zod, whose first parse probes `new Function` to compile faster: under the
// dashboard's Content-Security-Policy (no 'unsafe-eval') that probe is a violation. Interpreted parsing only.
z.config({ jitless: true });

export function DashboardProviders({ children, nonce }: { children: ReactNode; nonce?: string }) {
  return (
    <NextThemes attribute="class" defaultTheme="system" enableSystem themes={['light', 'dark']} disableTransitionOnChange nonce={nonce}>
      {children}
      <Toaster />
    </NextThemes>
  );
}
