// Renames a project, sets or clears its destination allow-list (`allowed_proxy_hosts`, entries already
// normalised by the request schema; read from the database on every proxy call and charge, so a change
// applies at once on every node), sets its token settings and, for a production project, rotates its pub
// key. Cached API-key principals carry the pub key hash, so every application of the project is evicted at
// once after a rotation.
// Token settings (issue 25): `token_retention_days` is read by every expiry check, so it applies at once.
// `searchable_metadata_keys` is compared with the stored list under the project's row lock: the entries of
// a key removed are deleted in the same transaction; a key added starts a re-index (cursor at the zero id,
// the keys it indexes, when it began), which `afterReindexStarted` runs (lib/tokens/reindex-metadata.ts:
// one bounded pass in the call, the rest in the background).
import { forgetProject } from '../api-keys/api-key-cache';
import { newPubKey } from '../api-keys/api-keys';
import { Prisma } from '../db/generated/client';
import { VaultError } from '../core/errors';
import type { Runtime } from '../runtime/types';
import { getProjectRowOrThrow, projectNotFound } from './get-project-or-throw';
import { presentProject, projectColumns, type PresentedProject } from './present-project';
import { revealPubKey } from './create-project';
import type { Transaction } from './lock-account';

const ZERO_ID = '00000000-0000-0000-0000-000000000000';

export type UpdateProjectOptions = {
  accountId: string;
  projectId: string;
  name?: string;
  rotatePubKey?: boolean;
  allowedProxyHosts?: string[] | null;
  searchableMetadataKeys?: string[];
  tokenRetentionDays?: number | null;
  /** Called after the commit when keys were added (the re-index's first pass); the project is read again after it. */
  afterReindexStarted?: (projectId: string) => Promise<void>;
};

/** The columns the searchable keys' change writes: the list, and the re-index state when keys are added or a pending one removed. */
async function searchableKeysChange(tx: Transaction, projectId: string, keys: string[]): Promise<{ data: Prisma.ProjectUpdateInput; added: boolean }> {
  // The row lock orders concurrent changes of the list: each compares with the one committed before it.
  await tx.$queryRaw`SELECT id FROM projects WHERE id = ${projectId}::uuid FOR UPDATE`;
  const before = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { searchableMetadataKeys: true, metadataReindexKeys: true, metadataReindexCursor: true } });
  const added = keys.filter((key) => !before.searchableMetadataKeys.includes(key));
  const removed = before.searchableMetadataKeys.filter((key) => !keys.includes(key));
  if (removed.length) await tx.tokenSearchEntry.deleteMany({ where: { projectId, key: { in: removed } } });
  // Keys a running walk still indexes, unless removed now.
  const pending = before.metadataReindexCursor ? before.metadataReindexKeys.filter((key) => keys.includes(key)) : [];
  if (added.length) {
    // The walk starts again from the first token: the keys it indexed so far are indexed again with these.
    return {
      added: true,
      data: { searchableMetadataKeys: keys, metadataReindexCursor: ZERO_ID, metadataReindexKeys: [...pending, ...added], metadataReindexStartedAt: new Date() },
    };
  }
  if (before.metadataReindexCursor && pending.length === 0) {
    // Every key the walk indexed was removed: nothing left to walk for.
    return { added: false, data: { searchableMetadataKeys: keys, metadataReindexCursor: null, metadataReindexKeys: [] } };
  }
  return { added: false, data: { searchableMetadataKeys: keys, ...(before.metadataReindexCursor ? { metadataReindexKeys: pending } : {}) } };
}

export async function updateProject(runtime: Pick<Runtime, 'db' | 'keyring'>, options: UpdateProjectOptions): Promise<PresentedProject> {
  const current = await getProjectRowOrThrow(runtime, options);
  if (options.rotatePubKey && current.environment !== 'production') {
    throw VaultError.validation([{ path: 'rotate_pub_key', message: 'Only production projects have a pub key' }]);
  }
  const pub = options.rotatePubKey ? newPubKey() : undefined;
  const { prisma } = runtime.db;
  const { updated, reindex } = await prisma
    .$transaction(async (tx) => {
      const keys = options.searchableMetadataKeys !== undefined ? await searchableKeysChange(tx, current.id, options.searchableMetadataKeys) : undefined;
      const row = await tx.project.update({
        where: { id: current.id },
        data: {
          ...(options.name !== undefined ? { name: options.name } : {}),
          // null clears the list (SQL NULL: any public host), an array replaces it.
          ...(options.allowedProxyHosts !== undefined ? { allowedProxyHosts: options.allowedProxyHosts ?? Prisma.DbNull } : {}),
          ...(pub ? { pubKeyHash: pub.hash, pubKeyWrapped: runtime.keyring.wrapSecret(pub.key, `pub-key/${current.id}`) } : {}),
          ...(options.tokenRetentionDays !== undefined ? { tokenRetentionDays: options.tokenRetentionDays } : {}),
          ...keys?.data,
        },
        select: projectColumns,
      });
      return { updated: row, reindex: keys?.added ?? false };
    })
    .catch((error: unknown) => {
      // Deleted between the lookup and the update.
      throw (error as { code?: unknown }).code === 'P2025' ? projectNotFound() : error;
    });
  // Cached principals carry the pub key's hash, the allow-list and the searchable metadata keys: evicted
  // here, within API_KEY_CACHE_MS elsewhere.
  if (pub || options.allowedProxyHosts !== undefined || options.searchableMetadataKeys !== undefined) forgetProject(current.id);
  const pubKey = pub?.key ?? (updated.environment === 'production' ? await revealPubKey(runtime, updated.id) : undefined);
  if (reindex && options.afterReindexStarted) {
    await options.afterReindexStarted(updated.id);
    return presentProject(await getProjectRowOrThrow(runtime, options), pubKey);
  }
  return presentProject(updated, pubKey);
}
