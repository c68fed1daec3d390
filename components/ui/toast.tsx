'use client';
// Success and failure toasts (sonner), themed with the dashboard. `toast.success(...)` / `toast.error(...)`.
// Not sonner's richColors: its toasts' text fails axe's contrast check (WCAG AA) in both themes.
import { useTheme } from 'next-themes';
import { Toaster as Sonner, toast } from 'sonner';

export { toast };

export function Toaster() {
  const { resolvedTheme } = useTheme();
  return <Sonner theme={resolvedTheme === 'light' ? 'light' : 'dark'} position="bottom-right" closeButton containerAriaLabel="Notifications" />;
}
