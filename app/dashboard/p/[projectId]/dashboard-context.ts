// The signed-in member, their account's projects and the project in the URL, for every page under
// /dashboard/p/{projectId}: loaded once per request (the layout and the page share it). Signed out → /login;
// MFA still to enrol → the enrolment page; a project of another account (or none) → 404.
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { currentDashboardUser } from '@/lib/dashboard/current-user';
import { dashboardDetour } from '@/lib/dashboard/mfa-gate';
import { capabilitiesOf, type Capabilities, type Role } from '@/lib/dashboard/roles';
import { listProjects } from '@/lib/projects/list-projects';
import type { PresentedProject } from '@/lib/projects/present-project';
import { getRuntime } from '@/lib/runtime/shared';
import type { Runtime } from '@/lib/runtime/types';

export type DashboardContext = {
  runtime: Runtime;
  user: { id: string; email: string; name: string | null; accountId: string; role: Role };
  can: Capabilities;
  projects: PresentedProject[];
  project: PresentedProject;
  /** `/dashboard/p/{projectId}`: the base of every link inside the project. */
  base: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const loadDashboardContext = cache(async (projectId: string, path = ''): Promise<DashboardContext> => {
  const sessionUser = await currentDashboardUser();
  if (!sessionUser) redirect(`/login?callbackUrl=${encodeURIComponent(`/dashboard/p/${projectId}${path}`)}`);
  const runtime = await getRuntime();
  const detour = await dashboardDetour(runtime, sessionUser);
  if (detour) redirect(detour);
  // The role as it is now (an owner may have changed it since this session signed in).
  const [row, projects] = await Promise.all([
    runtime.db.prisma.user.findUnique({ where: { id: sessionUser.id }, select: { role: true } }),
    listProjects(runtime, { accountId: sessionUser.accountId }),
  ]);
  if (!row) redirect('/login');
  const project = UUID.test(projectId) ? projects.find((candidate) => candidate.id === projectId) : undefined;
  if (!project) notFound();
  const role = row.role as Role;
  return {
    runtime,
    user: { id: sessionUser.id, email: sessionUser.email, name: sessionUser.name, accountId: sessionUser.accountId, role },
    can: capabilitiesOf(role),
    projects,
    project,
    base: `/dashboard/p/${project.id}`,
  };
});

/** Next 16 hands route params as a promise. */
export type ProjectPageProps = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A query parameter as one string (the first when repeated), or undefined. */
export function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
