'use client';
// Switches between light and dark (the first choice overrides the system preference).
import { useTheme } from 'next-themes';
import { useHydrated } from '../use-hydrated';

export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const hydrated = useHydrated();
  const dark = hydrated ? resolvedTheme !== 'light' : true;
  return (
    <button
      type="button"
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      data-testid="theme-toggle"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className="rounded-md border border-line px-2.5 py-1.5 text-sm text-fg hover:bg-raised"
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
    </button>
  );
}
