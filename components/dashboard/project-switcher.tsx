'use client';
// The project in the URL, with its environment; switching keeps the section (Tokens stays Tokens).
import * as Menu from '@radix-ui/react-dropdown-menu';
import { usePathname, useRouter } from 'next/navigation';
import { EnvironmentBadge } from '../ui/badge';
import { cn } from '../ui/cn';
import { sectionOf } from './nav-items';

export type SwitcherProject = { id: string; name: string; production: boolean };

export function ProjectSwitcher({ projects, current }: { projects: SwitcherProject[]; current: SwitcherProject }) {
  const router = useRouter();
  const pathname = usePathname() ?? '';
  const section = sectionOf(pathname, `/dashboard/p/${current.id}`);
  return (
    <Menu.Root>
      <Menu.Trigger
        data-testid="project-switcher"
        className={cn('flex w-full min-w-0 items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm', current.production ? 'border-prod/60 bg-prod/10' : 'border-line bg-surface')}
      >
        {/* The name comes from the visible text (axe: label-content-name-mismatch), framed for screen readers. */}
        <span className="min-w-0 truncate font-medium text-strong">
          <span className="sr-only">Project: </span>
          {current.name}
        </span>
        <EnvironmentBadge production={current.production} />
        <span className="sr-only">, switch project</span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="start" sideOffset={4} className="z-50 min-w-64 rounded-lg border border-line bg-surface p-1 text-sm shadow-xl">
          <Menu.Label className="px-2 py-1.5 text-xs text-muted">Projects</Menu.Label>
          {projects.map((project) => (
            <Menu.Item
              key={project.id}
              onSelect={() => router.push(`/dashboard/p/${project.id}${section}`)}
              className="flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-1.5 text-fg outline-none data-[highlighted]:bg-raised data-[highlighted]:text-strong"
            >
              <span className="truncate">
                {project.name}
                {project.id === current.id && <span className="sr-only"> (current)</span>}
              </span>
              <EnvironmentBadge production={project.production} />
            </Menu.Item>
          ))}
          <Menu.Separator className="my-1 h-px bg-line" />
          <Menu.Item
            onSelect={() => router.push(`/dashboard/p/${current.id}/projects`)}
            className="cursor-pointer rounded-md px-2 py-1.5 text-fg outline-none data-[highlighted]:bg-raised data-[highlighted]:text-strong"
          >
            Manage projects…
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
