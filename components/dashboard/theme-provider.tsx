'use client';
// Light and dark themes for the dashboard: the system's preference until the member picks one (kept in
// localStorage by next-themes, applied before paint as a class on <html>).
import { ThemeProvider as NextThemes } from 'next-themes';
import type { ReactNode } from 'react';
import { Toaster } from '../ui/toast';

export function DashboardProviders({ children }: { children: ReactNode }) {
  return (
    <NextThemes attribute="class" defaultTheme="system" enableSystem themes={['light', 'dark']} disableTransitionOnChange>
      {children}
      <Toaster />
    </NextThemes>
  );
}
