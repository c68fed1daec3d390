// Tenants for the security tables: a test project, a production project (with pub key) and another
// test project, each with keys of every kind (full, without tokenization, revoked).
import { createApplication } from '../../lib/applications/create-application';
import { createProject } from '../../lib/projects/create-project';
import type { Runtime } from '../../lib/runtime/types';

export type Tenant = {
  projectId: string;
  environment: 'test' | 'production';
  pubKey?: string;
  applicationId: string;
  keys: { full: string; noPermission: string; provisioningOnly: string; revoked: string };
};

export type Tenants = { test: Tenant; production: Tenant; other: Tenant };

async function seedTenant(runtime: Runtime, accountId: string, environment: 'test' | 'production', name: string): Promise<Tenant> {
  const project = await createProject(runtime, { accountId, name, environment });
  const make = (appName: string, tokenization: boolean, provisioning = false) =>
    createApplication(runtime, { projectId: project.id, environment, name: appName, permissions: { tokenization, provisioning } });
  const full = await make('full', true);
  const noPermission = await make('no permission', false);
  const provisioningOnly = await make('provisioning only', false, true);
  const revoked = await make('revoked', true);
  await runtime.db.prisma.application.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
  return {
    projectId: project.id,
    environment,
    pubKey: project.pubKey,
    applicationId: full.id,
    keys: { full: full.apiKey, noPermission: noPermission.apiKey, provisioningOnly: provisioningOnly.apiKey, revoked: revoked.apiKey },
  };
}

export async function seedTenants(runtime: Runtime): Promise<Tenants> {
  const account = await runtime.db.prisma.account.create({ data: { name: 'Integration tests' } });
  return {
    test: await seedTenant(runtime, account.id, 'test', 'Test project'),
    production: await seedTenant(runtime, account.id, 'production', 'Production project'),
    other: await seedTenant(runtime, account.id, 'test', 'Other test project'),
  };
}
