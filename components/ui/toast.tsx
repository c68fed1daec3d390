'use client';
// Success and failure toasts (sonner), themed with the dashboard. `toast.success(...)` / `toast.error(...)`.
// Not sonner's richColors: its toasts' text fails axe's contrast check (WCAG AA) in both themes.
// Bottom right on wide screens; at the top on phones, where a bottom toast covers a dialog's buttons.
import { useSyncExternalStore } from 'react';
import { useTheme } from 'next-themes';
import { Toaster as Sonner, toast } from 'sonner';

export { toast };

const NARROW = '(max-width: 640px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isNarrow = () => window.matchMedia(NARROW).matches;

export function Toaster() {
  const { resolvedTheme } = useTheme();
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false);
  return (
    <Sonner theme={resolvedTheme === 'light' ? 'light' : 'dark'} position={narrow ? 'top-center' : 'bottom-right'} closeButton containerAriaLabel="Notifications" />
  );
}
