// Renames a project and, for a production project, rotates its pub key. Cached API-key principals carry
// the pub key hash, so every application of the project is evicted at once after a rotation.
import { forgetApplication } from '../accounts/api-key-cache';
import { newPubKey } from '../accounts/api-keys';
import { VaultError } from '../http/errors';
import type { Runtime } from '../runtime';
import { getProjectRowOrThrow, projectNotFound } from './get-project-or-throw';
import { presentProject, projectColumns, type PresentedProject } from './present-project';
import { revealPubKey } from '../accounts/create-project';

export async function updateProject(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; projectId: string; name?: string; rotatePubKey?: boolean },
): Promise<PresentedProject> {
  const current = await getProjectRowOrThrow(runtime, options);
  if (options.rotatePubKey && current.environment !== 'production') {
    throw VaultError.validation([{ path: 'rotate_pub_key', message: 'Only production projects have a pub key' }]);
  }
  const pub = options.rotatePubKey ? newPubKey() : undefined;
  const { prisma } = runtime.db;
  const updated = await prisma.project
    .update({
      where: { id: current.id },
      data: {
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(pub ? { pubKeyHash: pub.hash, pubKeyWrapped: runtime.keyring.wrapSecret(pub.key, `pub-key/${current.id}`) } : {}),
      },
      select: projectColumns,
    })
    .catch((error: unknown) => {
      // Deleted between the lookup and the update.
      throw (error as { code?: unknown }).code === 'P2025' ? projectNotFound() : error;
    });
  if (pub) {
    const applications = await prisma.application.findMany({ where: { projectId: current.id }, select: { id: true } });
    for (const application of applications) forgetApplication(application.id);
  }
  const pubKey = pub?.key ?? (updated.environment === 'production' ? await revealPubKey(runtime, updated.id) : undefined);
  return presentProject(updated, pubKey);
}
