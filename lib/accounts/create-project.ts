import type { Runtime } from '../runtime';
import { newPubKey, type EnvironmentName } from './api-keys';

export type CreatedProject = { id: string; name: string; environment: EnvironmentName; pubKey?: string };

/** A project with its own wrapped data key; a production project also gets a pub key (shown to the caller). */
export async function createProject(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { accountId: string; name: string; environment: EnvironmentName },
): Promise<CreatedProject> {
  const pub = options.environment === 'production' ? newPubKey() : undefined;
  const id = crypto.randomUUID();
  await runtime.db.prisma.project.create({
    data: {
      id,
      accountId: options.accountId,
      name: options.name,
      environment: options.environment,
      wrappedDataKey: runtime.keyring.newWrappedDataKey(),
      pubKeyHash: pub?.hash,
      pubKeyWrapped: pub ? runtime.keyring.wrapSecret(pub.key, `pub-key/${id}`) : undefined,
    },
  });
  return { id, name: options.name, environment: options.environment, pubKey: pub?.key };
}

/** The pub key of a production project, for operators (CLI) who need to see it again. */
export async function revealPubKey(runtime: Pick<Runtime, 'db' | 'keyring'>, projectId: string): Promise<string | undefined> {
  const project = await runtime.db.prisma.project.findUnique({ where: { id: projectId }, select: { pubKeyWrapped: true } });
  return project?.pubKeyWrapped ? runtime.keyring.unwrapSecret(project.pubKeyWrapped, `pub-key/${projectId}`) : undefined;
}
