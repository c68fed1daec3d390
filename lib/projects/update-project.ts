// Renames a project, sets or clears its destination allow-list (`allowed_proxy_hosts`, entries already
// normalised by the request schema; read from the database on every proxy call and charge, so a change
// applies at once on every node) and, for a production project, rotates its pub key. Cached API-key
// principals carry the pub key hash, so every application of the project is evicted at once after a rotation.
import { forgetProject } from '../api-keys/api-key-cache';
import { newPubKey } from '../api-keys/api-keys';
import { Prisma } from '../db/generated/client';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { getProjectRowOrThrow, projectNotFound } from './get-project-or-throw';
import { presentProject, projectColumns, type PresentedProject } from './present-project';
import { revealPubKey } from './create-project';

export async function updateProject(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; projectId: string; name?: string; rotatePubKey?: boolean; allowedProxyHosts?: string[] | null },
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
        // null clears the list (SQL NULL: any public host), an array replaces it.
        ...(options.allowedProxyHosts !== undefined ? { allowedProxyHosts: options.allowedProxyHosts ?? Prisma.DbNull } : {}),
        ...(pub ? { pubKeyHash: pub.hash, pubKeyWrapped: runtime.keyring.wrapSecret(pub.key, `pub-key/${current.id}`) } : {}),
      },
      select: projectColumns,
    })
    .catch((error: unknown) => {
      // Deleted between the lookup and the update.
      throw (error as { code?: unknown }).code === 'P2025' ? projectNotFound() : error;
    });
  // Cached principals carry the pub key's hash and the allow-list: evicted here, within API_KEY_CACHE_MS elsewhere.
  if (pub || options.allowedProxyHosts !== undefined) forgetProject(current.id);
  const pubKey = pub?.key ?? (updated.environment === 'production' ? await revealPubKey(runtime, updated.id) : undefined);
  return presentProject(updated, pubKey);
}
