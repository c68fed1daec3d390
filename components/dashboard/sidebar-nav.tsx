'use client';
// The section links; the current one is marked for assistive technology (aria-current) and visibly.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '../ui/cn';
import { NAV_ITEMS, sectionOf } from './nav-items';

export function SidebarNav({ base, onNavigate }: { base: string; onNavigate?: () => void }) {
  const pathname = usePathname() ?? '';
  const current = sectionOf(pathname, base);
  return (
    <nav aria-label="Dashboard">
      <ul className="space-y-0.5">
        {NAV_ITEMS.map((item) => {
          const active = item.path === current && (item.path !== '' || pathname === base || pathname === `${base}/`);
          return (
            <li key={item.label}>
              <Link
                href={`${base}${item.path}`}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                className={cn('block rounded-md px-3 py-2 text-sm', active ? 'bg-raised font-medium text-strong' : 'text-fg hover:bg-raised hover:text-strong')}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
