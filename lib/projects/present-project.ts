// The API shape of a project. The pub key (production only) is publishable: it is shown in details.
import type { z } from 'zod';
import type { ZProjectView } from './schemas';

export type ProjectRow = { id: string; name: string; environment: 'test' | 'production'; createdAt: Date };

/** Typed by its documented schema: a field added here without it fails the type check. */
export type PresentedProject = z.output<typeof ZProjectView>;

export function presentProject(project: ProjectRow, pubKey?: string): PresentedProject {
  return {
    id: project.id,
    name: project.name,
    environment: project.environment,
    production: project.environment === 'production',
    created_at: project.createdAt.toISOString(),
    ...(pubKey ? { pub_key: pubKey } : {}),
  };
}

export const projectColumns = { id: true, name: true, environment: true, createdAt: true } as const;
