// The API shape of a project. The pub key (production only) is publishable: it is shown in details.
export type ProjectRow = { id: string; name: string; environment: 'test' | 'production'; createdAt: Date };

export type PresentedProject = {
  id: string;
  name: string;
  environment: 'test' | 'production';
  production: boolean;
  created_at: string;
  pub_key?: string;
};

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
