// `npx vault app create`: an application with the tokenization permission (and detokenize unless
// `--no-detokenize`, search with `--search`) in the first test project,
// or (production) in the first production project, created when missing. Audited as the operator.
import { recordOperatorAudit } from '../auth/operator-audit';
import type { Runtime } from '../runtime/types';
import { createApplication } from './create-application';
import { createProject, revealPubKey } from '../projects/create-project';

export type OperatorApplication = { api_key: string; application_id: string; project_id: string; pub_key?: string };

export async function createOperatorApplication(
  runtime: Pick<Runtime, 'db' | 'keyring' | 'config' | 'audit' | 'logger'>,
  options: { name: string; production: boolean; provisioning: boolean; detokenize: boolean; search?: boolean },
): Promise<OperatorApplication> {
  const { prisma } = runtime.db;
  const environment = options.production ? 'production' : 'test';
  const account = await prisma.account.findFirstOrThrow({ orderBy: { createdAt: 'asc' }, select: { id: true } });
  const existing = await prisma.project.findFirst({
    where: { accountId: account.id, environment },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  });
  let projectId: string;
  let pubKey: string | undefined;
  if (existing) {
    projectId = existing.id;
    pubKey = options.production ? await revealPubKey(runtime, existing.id) : undefined;
  } else {
    const created = await createProject(runtime, {
      accountId: account.id,
      name: options.production ? 'Production project' : 'Test project',
      environment,
    });
    projectId = created.id;
    pubKey = created.pubKey;
  }
  const application = await createApplication(runtime, {
    projectId,
    environment,
    name: options.name,
    permissions: { tokenization: true, detokenize: options.detokenize, provisioning: options.provisioning, search: options.search ?? false },
  });
  await recordOperatorAudit(runtime, 'application.create_by_operator', { accountId: account.id, projectId, resource: `application:${application.id}` });
  return {
    api_key: application.apiKey,
    application_id: application.id,
    project_id: projectId,
    ...(options.production && pubKey ? { pub_key: pubKey } : {}),
  };
}
