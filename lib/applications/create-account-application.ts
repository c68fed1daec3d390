// A new application in one of the caller's account's projects; its key (prefixed vk_test_ / vk_live_
// by the project's environment) is returned here once and only its hash is stored.
import { createApplication, type CreatedApplication, type RequestedPermissions } from './create-application';
import type { Runtime } from '../runtime/types';
import { getAccountProjectOrThrow } from '../projects/get-account-project-or-throw';

export async function createAccountApplication(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; projectId?: string; name: string; permissions: RequestedPermissions },
): Promise<CreatedApplication> {
  const project = await getAccountProjectOrThrow(runtime, { accountId: options.accountId, projectId: options.projectId });
  return createApplication(runtime, { projectId: project.id, environment: project.environment, name: options.name, permissions: options.permissions });
}
