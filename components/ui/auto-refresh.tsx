'use client';
// Reloads the server-rendered data of the page (router.refresh) every `intervalMs` while `active`, e.g.
// while a delivery log has deliveries about to be attempted. Paused while the tab is hidden; renders nothing.
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export function AutoRefresh({ active, intervalMs = 2000 }: { active: boolean; intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, router]);
  return null;
}
