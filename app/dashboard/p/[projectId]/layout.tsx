// /dashboard/p/{projectId}/* — the persistent dashboard shell: sidebar sections, the project switcher with
// its environment, the signed-in member and role, theme switch, sign out. Pages render inside it.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { MobileMenu } from '@/components/dashboard/mobile-menu';
import { ProjectSwitcher } from '@/components/dashboard/project-switcher';
import { SidebarNav } from '@/components/dashboard/sidebar-nav';
import { ThemeToggle } from '@/components/dashboard/theme-toggle';
import { Logo } from '@/components/logo';
import { SignOutButton } from '@/components/sign-out-button';
import { EnvironmentBadge } from '@/components/ui/badge';
import { loadDashboardContext } from './dashboard-context';

export default async function ProjectLayout({ children, params }: { children: ReactNode; params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const context = await loadDashboardContext(projectId);
  const switcher = (
    <ProjectSwitcher projects={context.projects.map(({ id, name, production }) => ({ id, name, production }))} current={{ id: context.project.id, name: context.project.name, production: context.project.production }} />
  );
  return (
    // A production project is framed in amber on every page, so live data is never mistaken for test data.
    <div className={`min-h-dvh lg:grid lg:grid-cols-[15rem_1fr] ${context.project.production ? 'border-t-4 border-prod' : ''}`} data-environment={context.project.environment}>
      <a href="#main" className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-on-accent focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Skip to content
      </a>
      <aside className="hidden border-r border-line bg-surface lg:block">
        <div className="sticky top-0 space-y-5 p-4">
          <Link href={context.base} className="block">
            <Logo />
            <span className="sr-only"> dashboard home</span>
          </Link>
          {switcher}
          <SidebarNav base={context.base} />
        </div>
      </aside>
      <div className="min-w-0">
        <header className="flex h-14 items-center justify-between gap-2 border-b border-line px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <MobileMenu base={context.base}>
              {switcher}
              {/* Below 640 px the header has no room for who is signed in: the menu says it. */}
              <p className="text-sm text-muted sm:hidden">
                Signed in as <span className="break-all text-fg">{context.user.email}</span> · <span className="text-strong">{context.user.role}</span>
              </p>
            </MobileMenu>
            {/* Below 640 px there is no room for the name next to the role (it was cut to "Test …"): the badge
                stays, and the name is in the Menu's project switcher. */}
            <span className="hidden min-w-0 truncate text-sm font-medium text-strong sm:inline lg:hidden">{context.project.name}</span>
            <EnvironmentBadge production={context.project.production} />
          </div>
          <div className="flex min-w-0 items-center gap-2 text-sm">
            {/* The email may truncate, the role never does (at 360 px it was cut to "o…"; there it is in the Menu). */}
            <span className="hidden min-w-0 text-muted sm:flex" data-testid="signed-in-user">
              <span className="min-w-0 truncate">{context.user.email}&nbsp;·&nbsp;</span>
              <span className="whitespace-nowrap text-strong">{context.user.role}</span>
            </span>
            <ThemeToggle />
            <SignOutButton />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">{children}</main>
      </div>
    </div>
  );
}
