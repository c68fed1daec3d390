'use client';
// Success and failure toasts (sonner), themed with the dashboard. `toast.success(...)` / `toast.error(...)`.
// Sonner's plain colours, not `richColors`: its green-on-mint success text fails WCAG AA contrast (axe).
import { useTheme } from 'next-themes';
import { Toaster as Sonner, toast } from 'sonner';

export { toast };

export function Toaster() {
  const { resolvedTheme } = useTheme();
  return <Sonner theme={resolvedTheme === 'light' ? 'light' : 'dark'} position="bottom-right" closeButton containerAriaLabel="Notifications" />;
}
