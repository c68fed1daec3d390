// The dashboard's sections, in sidebar order; each is a path under /dashboard/p/{projectId}.
export const NAV_ITEMS = [
  { label: 'Overview', path: '' },
  { label: 'Applications', path: '/applications' },
  { label: 'Tokens', path: '/tokens' },
  { label: 'Imports', path: '/imports' },
  { label: 'Exports', path: '/exports' },
  { label: 'Checkout', path: '/checkout' },
  { label: 'Webhooks', path: '/webhooks' },
  { label: 'Audit log', path: '/audit' },
  { label: 'Team', path: '/team' },
  { label: 'Settings', path: '/settings' },
] as const;

/** The section a path is in ('' for the overview), so the switcher can keep it when the project changes. */
export function sectionOf(pathname: string, base: string): string {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const match = NAV_ITEMS.find((item) => item.path && (rest === item.path || rest.startsWith(`${item.path}/`)));
  return match?.path ?? '';
}
