// The one way a project is made, wherever it is created (dashboard and API, /internal/provision, the CLI,
// bootstrap, registration): its own wrapped data key, a pub key for production, and the account's project cap
// (MAX_PROJECTS_PER_ACCOUNT) checked under the account's row lock, so concurrent creations cannot pass it.
import { VaultError } from '../core/errors';
import { lockAccount, type Transaction } from './lock-account';
import type { Runtime } from '../runtime/types';
import { projectColumns, type ProjectRow } from './present-project';
import { newPubKey, type EnvironmentName } from '../api-keys/api-keys';

/** The new project's row as every project route reads it, and the pub key of a production project (shown once). */
export type CreatedProject = ProjectRow & { environment: EnvironmentName; pubKey?: string };

/** MAX_PROJECTS_PER_ACCOUNT's default, for callers without a configuration at hand. */
export const DEFAULT_MAX_PROJECTS_PER_ACCOUNT = 100;

export function projectLimitReached(max: number): VaultError {
  return new VaultError('project_limit_reached', `Project limit reached: an account may have at most ${max} projects`);
}

/** A project with its own wrapped data key; a production project also gets a pub key (shown to the caller). */
export async function createProject(
  runtime: Pick<Runtime, 'db' | 'keyring'> & { config?: Pick<Runtime['config'], 'MAX_PROJECTS_PER_ACCOUNT'> },
  options: {
    accountId: string;
    name: string;
    environment: EnvironmentName;
    /** Token settings (issue 25): a new project has no tokens, so no re-index is needed. */
    searchableMetadataKeys?: string[];
    tokenRetentionDays?: number | null;
    /**
     * The caller's own transaction (bootstrap, registration): the account lock then lasts until it ends. A
     * nested transaction would need savepoints, which the PGlite adapter lacks.
     */
    transaction?: Transaction;
  },
): Promise<CreatedProject> {
  const pub = options.environment === 'production' ? newPubKey() : undefined;
  const id = crypto.randomUUID();
  const max = runtime.config?.MAX_PROJECTS_PER_ACCOUNT ?? DEFAULT_MAX_PROJECTS_PER_ACCOUNT;
  const insert = async (tx: Transaction) => {
    await lockAccount(tx, options.accountId);
    if ((await tx.project.count({ where: { accountId: options.accountId } })) >= max) throw projectLimitReached(max);
    return tx.project.create({
      data: {
        id,
        accountId: options.accountId,
        name: options.name,
        environment: options.environment,
        searchableMetadataKeys: options.searchableMetadataKeys,
        tokenRetentionDays: options.tokenRetentionDays,
        ...runtime.keyring.newProjectKeys(id),
        pubKeyHash: pub?.hash,
        pubKeyWrapped: pub ? runtime.keyring.wrapSecret(pub.key, `pub-key/${id}`) : undefined,
      },
      select: projectColumns,
    });
  };
  const row = options.transaction ? await insert(options.transaction) : await runtime.db.prisma.$transaction(insert);
  return { ...row, environment: options.environment, pubKey: pub?.key };
}

/** The pub key of a production project, for operators (CLI) who need to see it again. */
export async function revealPubKey(runtime: Pick<Runtime, 'db' | 'keyring'>, projectId: string): Promise<string | undefined> {
  const project = await runtime.db.prisma.project.findUnique({ where: { id: projectId }, select: { pubKeyWrapped: true } });
  return project?.pubKeyWrapped ? runtime.keyring.unwrapSecret(project.pubKeyWrapped, `pub-key/${projectId}`) : undefined;
}
